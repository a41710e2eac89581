import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Chip, MenuItem, TextField, Typography } from '@mui/material';
import { latestToday } from '@/domain/common/dates';
import { FIRST_TIMER_STAGES, STAGES, type Stage, type StagePeriod } from '@/domain/people/stages';
import { P } from '@/domain/roles/permissions';
import { readPermissions } from '@/src/authProvider/session';
import type { FlockDataProvider } from '@/src/dataProvider';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';

/** The office's control: the new stage and the day it began (today unless changed; never in the future). */
function ChangeStage({ userId, current, onChanged }: { userId: string; current?: StagePeriod; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const saving = useRemoteOperation();
  const firstTimer = current ? FIRST_TIMER_STAGES.includes(current.stage) : false;
  // Member and beyond come by conversion: a first-timer's account offers the first-timer stages only.
  const choices = STAGES.filter((s) => FIRST_TIMER_STAGES.includes(s) === firstTimer && s !== current?.stage);
  const [stage, setStage] = useState<Stage | ''>('');
  const [startedOn, setStartedOn] = useState(latestToday());
  const save = async () => {
    const outcome = await saving.run(() => api.changeStage({ userId, stage, startedOn }));
    if (!outcome.ok) return notify(outcome.error.message, { type: 'error' });
    notify('flock.care.changed', { type: 'success' });
    setStage('');
    onChanged();
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 2 }}>
      <TextField
        select
        label={translate('flock.care.new_stage')}
        value={stage}
        onChange={(e) => setStage(e.target.value as Stage)}
        sx={{ minWidth: 160 }}
      >
        {choices.map((s) => (
          <MenuItem key={s} value={s}>
            {translate(`flock.stages.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        label={translate('flock.care.started_on')}
        value={startedOn}
        onChange={(e) => setStartedOn(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: current?.startedOn, max: latestToday() } }}
      />
      <Button variant="contained" disabled={!stage || !startedOn} loading={saving.loading} onClick={save}>
        {translate('flock.care.save')}
      </Button>
    </Box>
  );
}

/** A person's stage, since when, and its history; the office changes it here. */
export function StageCard({ userId }: { userId: string }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const periods = useRemoteOperation<StagePeriod[]>();
  const { run } = periods;
  const load = useCallback(() => run(() => api.getStages<StagePeriod[]>({ userId }).then((r) => r.data)), [api, run, userId]);
  useEffect(() => {
    load();
  }, [load]);
  const history = periods.success ?? [];
  const [current] = history;
  const mayChange = readPermissions().includes(P.updateOtherMembers);
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h2" variant="h6">
            {translate('flock.care.stage_title')}
          </Typography>
          {current && <Chip color="primary" label={translate(`flock.stages.${current.stage}`)} />}
          {current && <Typography variant="body2">{translate('flock.care.since', { date: current.startedOn })}</Typography>}
        </Box>
        {periods.error && <Alert severity="error">{translate('flock.care.load_error', { message: periods.error })}</Alert>}
        {periods.success && !current && <Typography variant="body2">{translate('flock.care.no_history')}</Typography>}
        {history.length > 1 && (
          <Box component="ul" aria-label={translate('flock.care.history')} sx={{ pl: 2, mb: 0 }}>
            {history.slice(1).map((p) => (
              <li key={p.id}>
                <Typography variant="body2">
                  {translate('flock.care.period', { stage: translate(`flock.stages.${p.stage}`), from: p.startedOn, to: p.endedOn })}
                </Typography>
              </li>
            ))}
          </Box>
        )}
        {mayChange && periods.success && <ChangeStage userId={userId} current={current} onChanged={load} />}
      </CardContent>
    </Card>
  );
}
