import EventIcon from '@mui/icons-material/Event';
import { P } from '@/domain/roles/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** /appointments: one's own bookings, a host's day and week, the host's availability, and booking a slot. */
export const appointments = descriptor({
  name: 'appointments',
  path: '/appointments',
  screen: lazyScreen(() => import('./AppointmentsPage'), 'AppointmentsPage'),
  access: { view: [P.viewAppointments], create: [P.createAppointments], host: [P.hostAppointments], oversee: [P.overseeAppointments] },
  icon: EventIcon,
});
