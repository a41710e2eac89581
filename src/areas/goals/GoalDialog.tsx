import { useState } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import { MenuItem, Stack, TextField } from '@mui/material';
import { GOAL_METRICS, GOAL_SCOPES, PLACE_METRICS, type GoalMetric, type GoalScope } from '@/domain/goals/metrics';
import { FormDialog } from '@/src/common/FormDialog';
import { useCallAndClose } from '@/src/common/useCallAndClose';
import type { FlockDataProvider } from '@/src/dataProvider';
import { currentQuarter, type GoalDetail } from './goalText';

type Choice = { id: string; [name: string]: unknown };
const PLACE = {
  department: { resource: 'departmentChoices', field: 'departmentId', name: 'departmentName' },
  center: { resource: 'centerChoices', field: 'centerId', name: 'centerName' },
  zone: { resource: 'zoneChoices', field: 'zoneId', name: 'zoneName' },
} as const;

/** The department, center or zone a goal is for, from the lists the caller may read. */
function PlaceSelect({ scope, value, onChange }: { scope: Exclude<GoalScope, 'church'>; value: string; onChange: (id: string) => void }) {
  const translate = useTranslate();
  const place = PLACE[scope];
  const { data = [] } = useGetList<Choice>(place.resource, { pagination: { page: 1, perPage: 25000 } });
  return (
    <TextField select label={translate(`flock.goals.scopes.${scope}`)} value={value} onChange={(e) => onChange(e.target.value)} required>
      {data.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {String(c[place.name] ?? '')}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Set a goal, or change one (`goal`): what is measured, for which part of the church, how much, over which days. */
export function GoalDialog({ goal, onClose }: { goal?: GoalDetail; onClose: () => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const quarter = currentQuarter();
  const [title, setTitle] = useState(goal?.title ?? '');
  const [scope, setScope] = useState<GoalScope>(goal?.scope ?? 'department');
  const [placeId, setPlaceId] = useState(goal?.departmentId ?? goal?.centerId ?? goal?.zoneId ?? '');
  const [metric, setMetric] = useState<GoalMetric>(goal?.metric ?? 'membersAdded');
  const [target, setTarget] = useState(String(goal?.target ?? 10));
  const [startDate, setStartDate] = useState(goal?.startDate ?? quarter.startDate);
  const [endDate, setEndDate] = useState(goal?.endDate ?? quarter.endDate);
  const { loading, error, submit } = useCallAndClose(onClose);
  const heading = translate(goal ? 'flock.goals.edit' : 'flock.goals.add');
  const save = () =>
    submit(() =>
      (goal ? api.updateGoal : api.createGoal)({
        ...(goal && { id: goal.id }),
        title,
        scope,
        metric,
        target: Number(target),
        startDate,
        endDate,
        ...(scope !== 'church' && { [PLACE[scope].field]: placeId }),
      }),
    );
  return (
    <FormDialog
      title={heading}
      submitLabel={translate('flock.goals.save')}
      onClose={onClose}
      onSubmit={save}
      ready={!!title.trim() && (scope === 'church' || !!placeId) && Number(target) > 0}
      loading={loading}
      error={error}
    >
      <TextField
        label={translate('flock.goals.title')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        select
        label={translate('flock.goals.scope')}
        value={scope}
        onChange={(e) => {
          setScope(e.target.value as GoalScope);
          setPlaceId('');
        }}
      >
        {GOAL_SCOPES.map((s) => (
          <MenuItem key={s} value={s}>
            {translate(`flock.goals.scopes.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      {scope !== 'church' && <PlaceSelect key={scope} scope={scope} value={placeId} onChange={setPlaceId} />}
      <TextField select label={translate('flock.goals.metric')} value={metric} onChange={(e) => setMetric(e.target.value as GoalMetric)}>
        {GOAL_METRICS.filter((m) => (scope === 'department' ? !PLACE_METRICS.includes(m) : m !== 'departmentSize')).map((m) => (
          <MenuItem key={m} value={m}>
            {translate(`flock.goals.metrics.${m}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="number"
        label={translate('flock.goals.target')}
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        required
        slotProps={{ htmlInput: { min: 1 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="date"
          label={translate('flock.goals.start')}
          value={startDate}
          onChange={(e) => setStartDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
        <TextField
          type="date"
          label={translate('flock.goals.end')}
          value={endDate}
          onChange={(e) => setEndDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
      </Stack>
    </FormDialog>
  );
}
