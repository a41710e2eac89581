import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { TextField } from '@mui/material';
import type { Campaign } from '@/domain/giving/pledges';
import { nairaToKobo } from '@/domain/giving/schemas';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import { FormDialog } from '@/src/common/FormDialog';
import type { FlockDataProvider } from '@/src/dataProvider';
import { useFunds } from './givingText';
import { koboDecimal, today } from './money';
import { endsBeforeStart, FundSelect, NairaField, PeriodFields } from './pledgeFields';
import { tp } from './pledgeText';

/**
 * Adding or changing a campaign (the office of funds): its name, fund, goal typed in naira (read
 * into kobo by its digits: nairaToKobo), first and last day, and a description.
 */
export function CampaignForm({ campaign, onClose, onSaved }: { campaign?: Campaign; onClose: () => void; onSaved: (c: Campaign) => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const notify = useNotify();
  const { funds } = useFunds();
  const [name, setName] = useState(campaign?.name ?? '');
  const [fundId, setFundId] = useState(campaign?.fundId ?? '');
  const [goalText, setGoalText] = useState(campaign ? koboDecimal(campaign.goal) : '');
  const [startsOn, setStartsOn] = useState(campaign?.startsOn ?? today());
  const [endsOn, setEndsOn] = useState(campaign?.endsOn ?? '');
  const [description, setDescription] = useState(campaign?.description ?? '');
  const { loading, error, run } = useRemoteOperation();
  const goal = nairaToKobo(goalText);
  const backwards = endsBeforeStart(startsOn, endsOn);
  const ready = name.trim() && fundId && goal && startsOn && endsOn && !backwards;
  // A campaign keeps its fund even once retired; a new one takes a fund in use.
  const choices = funds.filter((f) => !f.retiredAt || f.id === campaign?.fundId);
  const save = async () => {
    const body = { name, fundId, goal, startsOn, endsOn, description: description || undefined };
    const outcome = await run(() =>
      campaign ? api.updateGivingCampaign<Campaign>({ ...body, id: campaign.id }) : api.addGivingCampaign<Campaign>(body),
    );
    if (!outcome.ok) return;
    notify(tp('campaign_saved'), { type: 'success' });
    onSaved(outcome.result.data);
  };
  return (
    <FormDialog
      title={translate(tp(campaign ? 'edit_campaign' : 'add_campaign'))}
      submitLabel={translate(tp('save'))}
      onClose={onClose}
      onSubmit={() => void save()}
      ready={!!ready}
      loading={loading}
      error={error}
    >
      <TextField
        label={translate(tp('campaign_name'))}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <FundSelect funds={choices} value={fundId} onChange={setFundId} />
      <NairaField label={translate(tp('goal'))} text={goalText} onChange={setGoalText} />
      <PeriodFields startsOn={startsOn} endsOn={endsOn} onStartsOn={setStartsOn} onEndsOn={setEndsOn} />
      <TextField
        label={translate(tp('description'))}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </FormDialog>
  );
}
