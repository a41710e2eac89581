import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { Campaign } from '@/domain/giving/pledges';
import { useAllows } from '@/src/authProvider/useAllows';
import { EmptyNote, PageHeader } from '@/src/common/crud';
import { CampaignForm } from './CampaignForm';
import { CampaignProgress } from './CampaignProgress';
import { shortDay, tp, useCampaigns } from './pledgeText';

/** One campaign as a card: its name, fund and days, and what it raised against its goal; opens its page. */
function CampaignCard({ campaign }: { campaign: Campaign }) {
  const translate = useTranslate();
  return (
    <Card component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        component={RouterLink}
        to={`/giving/campaigns/${campaign.id}`}
        aria-label={translate(tp('open_campaign'), { name: campaign.name })}
        sx={{ minHeight: 44 }}
      >
        <CardContent>
          <Typography component="h2" variant="subtitle1">
            {campaign.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {campaign.fundName} · {translate(tp('period'), { start: shortDay(campaign.startsOn), end: shortDay(campaign.endsOn) })} ·{' '}
            {translate(tp('pledges_count'), { smart_count: campaign.pledges })}
          </Typography>
          <CampaignProgress raised={campaign.raised} goal={campaign.goal} currency={campaign.currency} />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /giving/campaigns: the campaigns, the latest to start first; the office of funds adds one here. */
export function CampaignsPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const manages = useAllows('givingCampaigns', 'edit');
  const [adding, setAdding] = useState(false);
  const { campaigns, isPending, error } = useCampaigns();
  const addButton = manages && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ minHeight: 44 }}>
      {translate(tp('add_campaign'))}
    </Button>
  );
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <PageHeader title={translate('flock.routes.givingCampaigns.title')} subtitle={translate(tp('campaigns_intro'))} actions={addButton} />
      {error && <Alert severity="error">{error.message}</Alert>}
      {!isPending && !error && !campaigns.length && <EmptyNote text={tp('no_campaigns')} />}
      <Stack
        component="ul"
        spacing={1}
        sx={{ p: 0, m: 0 }}
        aria-label={translate('flock.routes.givingCampaigns.title')}
        aria-busy={isPending}
      >
        {campaigns.map((c) => (
          <CampaignCard key={c.id} campaign={c} />
        ))}
      </Stack>
      {adding && <CampaignForm onClose={() => setAdding(false)} onSaved={(c) => navigate(`/giving/campaigns/${c.id}`)} />}
    </Stack>
  );
}
