import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { MenuItem, TextField } from '@mui/material';
import { APPOINTMENT_REASONS } from '@/domain/appointments/slots';
import { FormDialog } from '@/src/common/FormDialog';
import { useCallAndClose } from '@/src/common/useCallAndClose';
import type { FlockDataProvider } from '@/src/dataProvider';
import { SlotPicker } from './SlotPicker';

type Host = { id: string; fullName: string | null };

/** A member books one of a host's free slots, with a reason only the two of them (and administrators) see. */
export function BookDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
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
    <FormDialog
      title={translate('flock.appointments.book')}
      submitLabel={translate('flock.appointments.book_submit')}
      onClose={onClose}
      onSubmit={book}
      ready={!!hostId && !!startsAt && !!reason}
      loading={loading}
      error={error}
    >
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
      <TextField select label={translate('flock.appointments.reason')} value={reason} onChange={(e) => setReason(e.target.value)} required>
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
    </FormDialog>
  );
}
