import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { TextField, Typography } from '@mui/material';
import type { AppointmentAction } from '@/domain/appointments/slots';
import { FormDialog } from '@/src/common/FormDialog';
import { useCallAndClose } from '@/src/common/useCallAndClose';
import type { FlockDataProvider } from '@/src/dataProvider';
import { slotText, type Appointment } from './appointmentText';
import { SlotPicker } from './SlotPicker';

type Props = { appointment: Appointment; action: AppointmentAction; hosting: boolean; onClose: () => void };

/** Confirm, decline, reschedule (to another free slot) or cancel one appointment, with an optional comment. */
export function ActDialog({ appointment, action, hosting, onClose }: Props) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
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
    <FormDialog
      title={translate(`flock.appointments.actions.${action}`)}
      submitLabel={translate(`flock.appointments.actions.${action}`)}
      submitColor={action === 'decline' || action === 'cancel' ? 'error' : 'primary'}
      onClose={onClose}
      onSubmit={run}
      ready={action !== 'reschedule' || !!startsAt}
      loading={loading}
      error={error}
    >
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
    </FormDialog>
  );
}
