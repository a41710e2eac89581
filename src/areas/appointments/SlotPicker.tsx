import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { CircularProgress, MenuItem, TextField, Typography } from '@mui/material';
import type { FlockDataProvider } from '@/src/dataProvider';
import { slotText, type SlotJson } from './appointmentText';

/** The host's free slots of the next two weeks, as one labelled select. */
export function SlotPicker({ hostId, value, onChange }: { hostId: string; value: string; onChange: (startsAt: string) => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const [slots, setSlots] = useState<SlotJson[] | null>(null);
  useEffect(() => {
    let live = true;
    setSlots(null);
    api
      .freeSlots<SlotJson[]>({ HostId: hostId })
      .then((res) => live && setSlots(res.data))
      .catch(() => live && setSlots([]));
    return () => {
      live = false;
    };
  }, [api, hostId]);
  if (!slots) return <CircularProgress size={24} aria-label={translate('flock.appointments.loading_slots')} />;
  if (!slots.length) return <Typography color="text.secondary">{translate('flock.appointments.no_slots')}</Typography>;
  return (
    <TextField
      select
      label={translate('flock.appointments.slot')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
      required
    >
      {slots.map((s) => (
        <MenuItem key={s.startsAt} value={s.startsAt}>
          {slotText(s.startsAt)}
        </MenuItem>
      ))}
    </TextField>
  );
}
