import { useState } from 'react';
import { useDataProvider, useGetIdentity, useGetOne, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useConfirmCall } from '@/src/common/ConfirmCallButton';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import { longDate } from '@/src/common/crud/TableList';
import { GoalDialog } from './GoalDialog';
import type { GoalDetail as Detail } from './goalText';
import { intlLocale } from '@/src/i18n/formats';

/** A goal's page: its progress over time as a chart, and for a manual goal the dated values with a form to add one. */
export function GoalDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data: goal, refetch } = useGetOne<Detail>('goals', { id });
  const { identity } = useGetIdentity();
  const api = useDataProvider<FlockDataProvider>();
  const [editing, setEditing] = useState(false);
  const removal = useConfirmCall({
    title: translate('flock.goals.delete_title', { title: goal?.title ?? '' }),
    content: translate('flock.goals.delete_content'),
    call: async () => {
      const result = await api.deleteGoal({ id });
      onClose();
      return result;
    },
  });
  if (editing && goal?.series)
    return (
      <GoalDialog
        goal={goal}
        onClose={() => {
          setEditing(false);
          refetch();
        }}
      />
    );
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="goal-detail-title">
      <DialogTitle id="goal-detail-title">{goal?.title ?? translate('flock.goals.loading')}</DialogTitle>
      <DialogContent>
        {/* The list's copy of the goal shows first; it has no series until GetById answers. */}
        {!goal?.series ? (
          <LinearProgress />
        ) : (
          <Stack spacing={2}>
            <Typography>
              {translate('flock.goals.summary', {
                value: goal.value,
                target: goal.target,
                start: longDate(goal.startDate),
                end: longDate(goal.endDate),
              })}
            </Typography>
            <Typography>{translate(`flock.goals.statuses.${goal.status}`)}</Typography>
            {goal.series.length > 1 ? (
              <Box role="img" aria-label={translate('flock.goals.chart')}>
                <LineChart
                  height={260}
                  xAxis={[
                    {
                      data: goal.series.map((p) => new Date(p.day)),
                      scaleType: 'time',
                      valueFormatter: (d: Date) => d.toLocaleDateString(intlLocale()),
                    },
                  ]}
                  series={[
                    { data: goal.series.map((p) => p.value), label: translate('flock.goals.value'), showMark: false },
                    { data: goal.series.map(() => goal.target), label: translate('flock.goals.target'), showMark: false },
                  ]}
                />
              </Box>
            ) : (
              <Typography color="text.secondary">{translate('flock.goals.no_series')}</Typography>
            )}
            {goal.metric === 'manual' && <ManualProgress goal={goal} mine={identity?.id === goal.ownerId} onSaved={refetch} />}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {goal?.mayDelete && (
          <Button color="error" onClick={removal.ask}>
            {translate('flock.goals.delete')}
          </Button>
        )}
        {goal?.mayEdit && <Button onClick={() => setEditing(true)}>{translate('flock.goals.edit')}</Button>}
        <Button onClick={onClose}>{translate('flock.goals.close')}</Button>
      </DialogActions>
      {removal.dialog}
    </Dialog>
  );
}

function ManualProgress({ goal, mine, onSaved }: { goal: Detail; mine: boolean; onSaved: () => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const [day, setDay] = useState(new Date().toISOString().slice(0, 10));
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const { loading, error, run } = useRemoteOperation();
  const add = async () => {
    const outcome = await run(() => api.addGoalProgress({ goalId: goal.id, day, value: Number(value), note: note || undefined }));
    if (outcome.ok) {
      setValue('');
      setNote('');
      onSaved();
    }
  };
  return (
    <>
      <Typography variant="h6" component="h2">
        {translate('flock.goals.notes')}
      </Typography>
      <List dense>
        {goal.notes.map((n) => (
          <ListItem key={n.id} disableGutters>
            <ListItemText primary={`${longDate(n.day)}: ${n.value}`} secondary={[n.note, n.recordedByName].filter(Boolean).join(' · ')} />
          </ListItem>
        ))}
      </List>
      {mine && (
        <Stack spacing={1}>
          {error && <Alert severity="error">{error}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              size="small"
              type="date"
              label={translate('flock.goals.day')}
              value={day}
              onChange={(e) => setDay(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="number"
              label={translate('flock.goals.value')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
            <TextField
              size="small"
              label={translate('flock.goals.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              sx={{ flex: 1 }}
            />
          </Stack>
          <Box>
            <Button variant="outlined" onClick={add} loading={loading} disabled={value === ''}>
              {translate('flock.goals.add_progress')}
            </Button>
          </Box>
        </Stack>
      )}
    </>
  );
}
