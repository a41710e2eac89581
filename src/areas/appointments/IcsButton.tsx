import { useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { appointmentsCalls } from '@/domain/appointments/calls';
import { fetchFile } from '@/src/dataProvider/fetchFile';
import type { Appointment } from './appointmentText';

/** Downloads the appointment as an .ics file for the person's own calendar. */
export function IcsButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const appointment = useRecordContext<Appointment>();
  const [busy, setBusy] = useState(false);
  if (!appointment || !['requested', 'confirmed'].includes(appointment.status)) return null;
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetchFile(appointmentsCalls.downloadIcs, { id: appointment.id });
      if (!res.ok) throw new Error(res.statusText);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await res.blob());
      link.download = `appointment-${appointment.startsAt.slice(0, 10)}.ics`;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      notify('flock.appointments.ics_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<EventAvailableIcon />} loading={busy} onClick={download}>
      {translate('flock.appointments.ics')}
    </Button>
  );
}
