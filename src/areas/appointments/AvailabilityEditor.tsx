import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import type { Window } from '@/domain/appointments/slots';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import { clock, minutesOf } from './appointmentText';

type DayAway = { day: string; note?: string | null };
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
const NEW_WINDOW: Window = { weekday: 1, startMinute: 9 * 60, endMinute: 12 * 60, slotMinutes: 30 };

/** A host's weekly windows and days away, edited together and saved at once (SetAvailability replaces both). */
export function AvailabilityEditor() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const [windows, setWindows] = useState<Window[] | null>(null);
  const [away, setAway] = useState<DayAway[]>([]);
  const { loading, error, run } = useRemoteOperation();
  useEffect(() => {
    api.availability<{ windows: Window[]; exceptions: DayAway[] }>().then(
      (res) => {
        setWindows(
          res.data.windows.map(({ weekday, startMinute, endMinute, slotMinutes }) => ({ weekday, startMinute, endMinute, slotMinutes })),
        );
        setAway(res.data.exceptions);
      },
      () => setWindows([]),
    );
  }, [api]);
  if (!windows) return null;
  const setWindow = (i: number, patch: Partial<Window>) => setWindows(windows.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  const save = async () => {
    const outcome = await run(() =>
      api.saveAvailability({ windows, exceptions: away.filter((a) => a.day).map((a) => ({ day: a.day, note: a.note || undefined })) }),
    );
    if (outcome.ok) notify('flock.appointments.availability_saved', { type: 'success' });
  };
  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {translate('flock.appointments.windows')}
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          {windows.length === 0 && <Typography color="text.secondary">{translate('flock.appointments.no_windows')}</Typography>}
          {windows.map((w, i) => (
            <Box key={i} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <TextField
                select
                size="small"
                label={translate('flock.appointments.weekday')}
                value={w.weekday}
                onChange={(e) => setWindow(i, { weekday: Number(e.target.value) })}
                sx={{ minWidth: 140 }}
              >
                {WEEKDAYS.map((d) => (
                  <MenuItem key={d} value={d}>
                    {translate(`flock.appointments.weekdays.${d}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                type="time"
                label={translate('flock.appointments.from')}
                value={clock(w.startMinute)}
                onChange={(e) => setWindow(i, { startMinute: minutesOf(e.target.value) })}
              />
              <TextField
                size="small"
                type="time"
                label={translate('flock.appointments.until')}
                value={clock(w.endMinute)}
                onChange={(e) => setWindow(i, { endMinute: minutesOf(e.target.value) })}
              />
              <TextField
                size="small"
                type="number"
                label={translate('flock.appointments.slot_minutes')}
                value={w.slotMinutes}
                onChange={(e) => setWindow(i, { slotMinutes: Number(e.target.value) })}
                sx={{ width: 130 }}
                slotProps={{ htmlInput: { min: 10, max: 240, step: 5 } }}
              />
              <IconButton
                aria-label={translate('flock.appointments.remove_window')}
                onClick={() => setWindows(windows.filter((_, j) => j !== i))}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => setWindows([...windows, NEW_WINDOW])}>
              {translate('flock.appointments.add_window')}
            </Button>
          </Box>
          <Typography variant="h6" component="h2">
            {translate('flock.appointments.days_away')}
          </Typography>
          {away.map((a, i) => (
            <Box key={i} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <TextField
                size="small"
                type="date"
                label={translate('flock.appointments.day')}
                value={a.day}
                onChange={(e) => setAway(away.map((x, j) => (j === i ? { ...x, day: e.target.value } : x)))}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                size="small"
                label={translate('flock.appointments.day_note')}
                value={a.note ?? ''}
                onChange={(e) => setAway(away.map((x, j) => (j === i ? { ...x, note: e.target.value } : x)))}
              />
              <IconButton aria-label={translate('flock.appointments.remove_day')} onClick={() => setAway(away.filter((_, j) => j !== i))}>
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => setAway([...away, { day: '' }])}>
              {translate('flock.appointments.add_day')}
            </Button>
          </Box>
          <Box>
            <Button variant="contained" onClick={save} loading={loading}>
              {translate('flock.appointments.save_availability')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
