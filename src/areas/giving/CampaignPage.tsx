import { useState } from 'react';
import { useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { LineChart } from '@mui/x-charts/LineChart';
import type { CampaignWithDays } from '@/domain/giving/pledges';
import { useAllows } from '@/src/authProvider/useAllows';
import { PageHeader } from '@/src/common/crud';
import type { FlockDataProvider } from '@/src/dataProvider';
import { intlLocale } from '@/src/i18n/formats';
import { CampaignForm } from './CampaignForm';
import { CampaignProgress } from './CampaignProgress';
import { compactMoney, money } from './money';
import { PledgeForm } from './PledgeForm';
import { PledgeList } from './PledgeList';
import { shortDay, tp } from './pledgeText';

/** One figure of the campaign with its caption. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Box>
  );
}

/** What came in, added up day by day, against the goal: a line each. */
function RaisedChart({ campaign }: { campaign: CampaignWithDays }) {
  const translate = useTranslate();
  if (!campaign.days.length) return <Typography color="text.secondary">{translate(tp('no_days'))}</Typography>;
  const totals = campaign.days.reduce<number[]>((sums, d) => [...sums, (sums.at(-1) ?? 0) + d.amount], []);
  return (
    <Box
      role="img"
      aria-label={`${translate(tp('chart'))}: ${money(campaign.raised, campaign.currency)} / ${money(campaign.goal, campaign.currency)}`}
    >
      <LineChart
        height={260}
        xAxis={[
          {
            data: campaign.days.map((d) => new Date(`${d.date}T00:00:00`)),
            scaleType: 'time',
            valueFormatter: (d: Date) => d.toLocaleDateString(intlLocale(), { day: 'numeric', month: 'short' }),
          },
        ]}
        yAxis={[{ valueFormatter: (v: number) => compactMoney(v, campaign.currency) }]}
        series={[
          {
            data: totals,
            label: translate(tp('raised')),
            valueFormatter: (v) => (v === null ? '' : money(v, campaign.currency)),
            area: true,
            showMark: false,
          },
          {
            data: totals.map(() => campaign.goal),
            label: translate(tp('goal_short')),
            valueFormatter: (v) => (v === null ? '' : money(v, campaign.currency)),
            showMark: false,
          },
        ]}
      />
    </Box>
  );
}

/** /giving/campaigns/:id: a campaign's total against its goal, what is pledged, its chart and its pledges. */
export function CampaignPage() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const api = useDataProvider<FlockDataProvider>();
  const refresh = useRefresh();
  const manages = useAllows('givingCampaigns', 'edit');
  const records = useAllows('pledges', 'edit');
  const readsPledges = useAllows('pledges', 'view');
  const [editing, setEditing] = useState(false);
  const [pledging, setPledging] = useState(false);
  const {
    data: campaign,
    error,
    refetch,
  } = useQuery({
    queryKey: ['givingCampaign', id],
    queryFn: async () => (await api.getGivingCampaign<CampaignWithDays>({ id })).data,
  });
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!campaign) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  const actions = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {records && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setPledging(true)} sx={{ minHeight: 44 }}>
          {translate(tp('add_pledge'))}
        </Button>
      )}
      {manages && (
        <Button startIcon={<EditIcon />} onClick={() => setEditing(true)} sx={{ minHeight: 44 }}>
          {translate(tp('edit_campaign'))}
        </Button>
      )}
    </Stack>
  );
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <PageHeader
        title={campaign.name}
        subtitle={`${campaign.fundName} · ${translate(tp('period'), { start: shortDay(campaign.startsOn), end: shortDay(campaign.endsOn) })}`}
        actions={actions}
      />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            {campaign.description && <Typography>{campaign.description}</Typography>}
            <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Figure label={translate(tp('raised'))} value={money(campaign.raised, campaign.currency)} />
              <Figure label={translate(tp('goal_short'))} value={money(campaign.goal, campaign.currency)} />
              <Figure label={translate(tp('pledged'))} value={money(campaign.pledged, campaign.currency)} />
            </Stack>
            <CampaignProgress raised={campaign.raised} goal={campaign.goal} currency={campaign.currency} />
            <RaisedChart campaign={campaign} />
          </Stack>
        </CardContent>
      </Card>
      {readsPledges && (
        <>
          <Typography component="h2" variant="h6">
            {translate(tp('campaign_pledges'))}
          </Typography>
          <PledgeList campaignId={campaign.id} />
        </>
      )}
      {editing && (
        <CampaignForm
          campaign={campaign}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void refetch();
            refresh();
          }}
        />
      )}
      {pledging && (
        <PledgeForm
          start={{ campaignId: campaign.id }}
          onClose={() => setPledging(false)}
          onSaved={() => {
            setPledging(false);
            void refetch();
            refresh();
          }}
        />
      )}
    </Stack>
  );
}
