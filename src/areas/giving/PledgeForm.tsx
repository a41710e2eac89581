import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Alert, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, TextField } from '@mui/material';
import type { Pledge } from '@/domain/giving/pledges';
import { nairaToKobo } from '@/domain/giving/schemas';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import { FormDialog } from '@/src/common/FormDialog';
import type { FlockDataProvider } from '@/src/dataProvider';
import { FamilyPicker, type FamilyChoice } from './FamilyPicker';
import { GiverPicker, type GiverChoice } from './GiverPicker';
import { useFunds } from './givingText';
import { koboDecimal } from './money';
import { endsBeforeStart, FundSelect, NairaField, PeriodFields } from './pledgeFields';
import { tp, useCampaigns } from './pledgeText';

type By = 'person' | 'family';

/** Starting values: the pledge being changed, or a campaign the new pledge is for. */
type PledgeStart = { pledge?: Pledge; campaignId?: string };

/**
 * Recording or changing a pledge (counters): by a person or a family, to a fund or a campaign (its
 * fund, its days by default), an amount typed in naira (kobo by its digits), a period and a note.
 */
export function PledgeForm({ start, onClose, onSaved }: { start: PledgeStart; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const notify = useNotify();
  const { funds } = useFunds();
  const { campaigns } = useCampaigns();
  const { pledge } = start;
  const [by, setBy] = useState<By>(pledge?.householdId ? 'family' : 'person');
  const [giver, setGiver] = useState<GiverChoice | null>(pledge?.giverId ? { id: pledge.giverId, fullName: pledge.giverName ?? '' } : null);
  const [family, setFamily] = useState<FamilyChoice | null>(
    pledge?.householdId ? { id: pledge.householdId, name: pledge.giverName ?? '' } : null,
  );
  const [campaignId, setCampaignId] = useState(pledge?.campaignId ?? start.campaignId ?? '');
  const campaign = campaigns.find((c) => c.id === campaignId);
  const [fundId, setFundId] = useState(pledge?.fundId ?? '');
  const [amountText, setAmountText] = useState(pledge ? koboDecimal(pledge.amount) : '');
  const [startsOn, setStartsOn] = useState(pledge?.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(pledge?.endsOn ?? '');
  const [note, setNote] = useState(pledge?.note ?? '');
  const { loading, error, run } = useRemoteOperation();
  const amount = nairaToKobo(amountText);
  // A campaign's pledge takes its days unless typed otherwise.
  const from = startsOn || campaign?.startsOn || '';
  const until = endsOn || campaign?.endsOn || '';
  const backwards = endsBeforeStart(from, until);
  const who = by === 'person' ? giver : family;
  const ready = who && (campaignId || fundId) && amount && from && until && !backwards;
  const save = async () => {
    const body = {
      giverId: by === 'person' ? giver?.id : undefined,
      householdId: by === 'family' ? family?.id : undefined,
      campaignId: campaignId || undefined,
      fundId: campaignId ? undefined : fundId,
      amount,
      startsOn: from,
      endsOn: until,
      note: note || undefined,
    };
    const outcome = await run(() => (pledge ? api.updatePledge({ ...body, id: pledge.id }) : api.addPledge(body)));
    if (!outcome.ok) return;
    notify(tp('pledge_saved'), { type: 'success' });
    onSaved();
  };
  const usable = funds.filter((f) => !f.retiredAt || f.id === pledge?.fundId);
  return (
    <FormDialog
      title={translate(tp(pledge ? 'edit_pledge' : 'add_pledge'))}
      submitLabel={translate(tp('save'))}
      onClose={onClose}
      onSubmit={() => void save()}
      ready={!!ready}
      loading={loading}
      error={error}
    >
      <div>
        <FormLabel id="pledge-by">{translate(tp('by'))}</FormLabel>
        <RadioGroup row aria-labelledby="pledge-by" value={by} onChange={(e) => setBy(e.target.value as By)}>
          {(['person', 'family'] as const).map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={translate(tp(value))} sx={{ minHeight: 44 }} />
          ))}
        </RadioGroup>
      </div>
      {by === 'person' ? <GiverPicker value={giver} onChange={setGiver} /> : <FamilyPicker value={family} onChange={setFamily} />}
      <TextField
        select
        label={translate(tp('campaign'))}
        // The campaign stays chosen while the list loads; the select shows it once it is there.
        value={campaign ? campaignId : ''}
        onChange={(e) => setCampaignId(e.target.value)}
      >
        <MenuItem value="" sx={{ minHeight: 44 }}>
          {translate(tp('no_campaign'))}
        </MenuItem>
        {campaigns.map((c) => (
          <MenuItem key={c.id} value={c.id} sx={{ minHeight: 44 }}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      {campaign ? (
        <Alert severity="info">{translate(tp('campaign_fund'), { fund: campaign.fundName })}</Alert>
      ) : (
        <FundSelect funds={usable} value={fundId} onChange={setFundId} />
      )}
      <NairaField label={translate(tp('amount'))} text={amountText} onChange={setAmountText} />
      <PeriodFields startsOn={from} endsOn={until} onStartsOn={setStartsOn} onEndsOn={setEndsOn} />
      <TextField
        label={translate(tp('note'))}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
    </FormDialog>
  );
}
