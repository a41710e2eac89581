import { useMemo, useState } from 'react';
import { DateInput, useRecordContext, useTranslate } from 'react-admin';
import { Box, Button, Chip } from '@mui/material';
import { APPOINTMENT_REASONS, APPOINTMENT_STATUSES, type AppointmentAction } from '@/domain/appointments/slots';
import { selectFilter } from '@/src/common/peopleFilters';
import { EmptyNote } from '@/src/common/crud/EmptyNote';
import { TableList } from '@/src/common/crud/TableList';
import type { ColumnDef } from '@/src/common/crud/types';
import { ActDialog } from './ActDialog';
import { IcsButton } from './IcsButton';
import { slotText, type Appointment } from './appointmentText';

/** Which actions each side takes, from which statuses (the server's rules, domain/appointments/slots.ts). */
const HOST_ACTIONS: Array<[AppointmentAction, string[]]> = [
  ['confirm', ['requested']],
  ['reschedule', ['requested', 'confirmed']],
  ['decline', ['requested', 'confirmed']],
];
/** A member's move is a request: the host confirms the new time. */
const MEMBER_ACTIONS: Array<[AppointmentAction, string[]]> = [
  ['reschedule', ['requested', 'confirmed']],
  ['cancel', ['requested', 'confirmed']],
];

function Translated({ prefix, value }: { prefix: string; value: string }) {
  return <>{useTranslate()(`${prefix}.${value}`)}</>;
}

function RowActions({ hosting, onAct }: { hosting: boolean; onAct: (a: Appointment, action: AppointmentAction) => void }) {
  const translate = useTranslate();
  const appointment = useRecordContext<Appointment>();
  if (!appointment) return null;
  const actions = (hosting ? HOST_ACTIONS : MEMBER_ACTIONS).filter(([, from]) => from.includes(appointment.status));
  const other = hosting ? appointment.memberName : appointment.hostName;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <IcsButton />
      {actions.map(([action]) => (
        <Button
          key={action}
          size="small"
          color={action === 'decline' || action === 'cancel' ? 'error' : 'primary'}
          aria-label={translate(`flock.appointments.actions_of.${action}`, { name: other ?? '' })}
          onClick={() => onAct(appointment, action)}
        >
          {translate(`flock.appointments.actions.${action}`)}
        </Button>
      ))}
    </Box>
  );
}

/**
 * One tab of /appointments: one's own bookings (hosting false) or those one hosts, with search,
 * status, reason and day filters, CSV export, phone cards, and the row's actions.
 */
export function AppointmentList({ hosting, filter }: { hosting: boolean; filter: Record<string, unknown> }) {
  const translate = useTranslate();
  const [acting, setActing] = useState<{ appointment: Appointment; action: AppointmentAction } | null>(null);
  const columns = useMemo<ColumnDef[]>(
    () => [
      { source: 'startsAt', sortable: true, render: (r) => slotText(r.startsAt) },
      { source: hosting ? 'memberName' : 'hostName', sortable: true },
      { source: 'reason', sortable: true, render: (r) => <Translated prefix="flock.appointments.reasons" value={r.reason} /> },
      { source: 'note' },
      {
        source: 'status',
        sortable: true,
        render: (r) => <Chip size="small" label={<Translated prefix="flock.appointments.statuses" value={r.status} />} />,
      },
      { source: 'hostComment' },
    ],
    [hosting],
  );
  const filters = [
    selectFilter('status', APPOINTMENT_STATUSES, (s) => translate(`flock.appointments.statuses.${s}`)),
    selectFilter('reason', APPOINTMENT_REASONS, (r) => translate(`flock.appointments.reasons.${r}`), { alwaysOn: false }),
    <DateInput key="from" source="from" alwaysOn />,
    <DateInput key="to" source="to" alwaysOn />,
  ];
  return (
    <>
      <TableList
        resource="appointments"
        columns={columns}
        filter={filter}
        filters={filters}
        sort={{ field: 'startsAt', order: 'ASC' }}
        rowActions={<RowActions hosting={hosting} onAct={(appointment, action) => setActing({ appointment, action })} />}
        empty={<EmptyAppointments hosting={hosting} />}
        nested
      />
      {acting && <ActDialog appointment={acting.appointment} action={acting.action} hosting={hosting} onClose={() => setActing(null)} />}
    </>
  );
}

function EmptyAppointments({ hosting }: { hosting: boolean }) {
  return <EmptyNote text={hosting ? 'flock.appointments.empty_hosting' : 'flock.appointments.empty_mine'} />;
}
