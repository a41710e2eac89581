import EventIcon from '@mui/icons-material/Event';
import { P } from '@/domain/roles/permissions';
import { appointmentsCalls } from '@/domain/appointments/calls';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { get, list, one } from '@/src/dataProvider/endpoints';

/** The list's filters: react-admin name -> query name. */
const APPOINTMENT_FILTERS = { status: 'Status', reason: 'Reason', role: 'Role', from: 'From', to: 'To', hostId: 'HostId' };

/** /appointments: one's own bookings, a host's day and week, the host's availability, and booking a slot. */
export const appointments = descriptor({
  name: 'appointments',
  path: '/appointments',
  screen: lazyScreen(() => import('./AppointmentsPage'), 'AppointmentsPage'),
  access: { view: [P.viewAppointments], create: [P.createAppointments], host: [P.hostAppointments], oversee: [P.overseeAppointments] },
  icon: EventIcon,
  endpoints: {
    getList: list(appointmentsCalls.getAll, APPOINTMENT_FILTERS),
    getOne: one(appointmentsCalls.getById),
    custom: {
      appointmentHosts: get(appointmentsCalls.getHosts),
      freeSlots: get(appointmentsCalls.getFreeSlots),
      bookAppointment: { call: appointmentsCalls.create, body: (p: object) => p },
      actOnAppointment: { call: appointmentsCalls.update, body: (p: object) => p },
      availability: get(appointmentsCalls.getAvailability),
      saveAvailability: { call: appointmentsCalls.setAvailability, body: (p: object) => p },
    },
  },
});
