import EventIcon from '@mui/icons-material/Event';
import { P } from '@/domain/roles/permissions';
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
    getList: list('/Appointment/GetAll', APPOINTMENT_FILTERS),
    getOne: one('/Appointment/GetById'),
    custom: {
      appointmentHosts: get('/Appointment/GetHosts'),
      freeSlots: get('/Appointment/GetFreeSlots'),
      bookAppointment: { method: 'POST', path: '/Appointment/Create', body: (p: object) => p },
      actOnAppointment: { method: 'PUT', path: '/Appointment/Update', body: (p: object) => p },
      availability: get('/Appointment/GetAvailability'),
      saveAvailability: { method: 'PUT', path: '/Appointment/SetAvailability', body: (p: object) => p },
    },
  },
});
