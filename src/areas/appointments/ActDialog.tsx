import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { AppointmentAction } from '@/domain/appointments/slots';
import { useCallAndClose } from '@/src/common/useCallAndClose';
import type { FlockDataProvider } from '@/src/dataProvider';
import { slotText, type Appointment } from './appointmentText';
import { SlotPicker } from './SlotPicker';

type Props = { appointment: Appointment; action: AppointmentAction; hosting: boolean; onClose: () => void };

/** Confirm, decline, reschedule (to another free slot) or cancel one appointment, with an optional comment. */
export function ActDialog({ appointment, action, hosting, onClose }: Props) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [comment, setComment] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const { loading, error, submit } = useCallAndClose(onClose);
  const run = () =>
    submit(() =>
      api.actOnAppointment({
        id: appointment.id,
        action,
        comment: comment || undefined,
        startsAt: action === 'reschedule' ? startsAt : undefined,
      }),
    );
  const who = hosting ? appointment.memberName : appointment.hostName;
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="act-title">
      <DialogTitle id="act-title">{translate(`flock.appointments.actions.${action}`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <Typography>{translate('flock.appointments.act_summary', { name: who ?? '', time: slotText(appointment.startsAt) })}</Typography>
          {action === 'reschedule' && <SlotPicker hostId={appointment.hostId} value={startsAt} onChange={setStartsAt} />}
          <TextField
            label={translate('flock.appointments.comment')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
        <Button
          variant="contained"
          color={action === 'decline' || action === 'cancel' ? 'error' : 'primary'}
          onClick={run}
          loading={loading}
          disabled={action === 'reschedule' && !startsAt}
        >
          {translate(`flock.appointments.actions.${action}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
