import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { APPOINTMENT_REASONS } from '@/domain/appointments/slots';
import { useCallAndClose } from '@/src/common/useCallAndClose';
import type { FlockDataProvider } from '@/src/dataProvider';
import { SlotPicker } from './SlotPicker';

type Host = { id: string; fullName: string | null };

/** A member books one of a host's free slots, with a reason only the two of them (and administrators) see. */
export function BookDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [hosts, setHosts] = useState<Host[]>([]);
  const [hostId, setHostId] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const { loading, error, submit } = useCallAndClose(onClose);
  useEffect(() => {
    api.appointmentHosts<Host[]>().then(
      (res) => setHosts(res.data),
      () => setHosts([]),
    );
  }, [api]);
  const book = () => submit(() => api.bookAppointment({ hostId, startsAt, reason, note: note || undefined }));
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="book-title">
      <DialogTitle id="book-title">{translate('flock.appointments.book')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            select
            label={translate('flock.appointments.host')}
            value={hostId}
            onChange={(e) => {
              setHostId(e.target.value);
              setStartsAt('');
            }}
            required
            helperText={hosts.length ? undefined : translate('flock.appointments.no_hosts')}
          >
            {hosts.map((h) => (
              <MenuItem key={h.id} value={h.id}>
                {h.fullName}
              </MenuItem>
            ))}
          </TextField>
          {hostId && <SlotPicker hostId={hostId} value={startsAt} onChange={setStartsAt} />}
          <TextField
            select
            label={translate('flock.appointments.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
          >
            {APPOINTMENT_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {translate(`flock.appointments.reasons.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('flock.appointments.note')}
            helperText={translate('flock.appointments.note_help')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
        <Button variant="contained" onClick={book} loading={loading} disabled={!hostId || !startsAt || !reason}>
          {translate('flock.appointments.book_submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
