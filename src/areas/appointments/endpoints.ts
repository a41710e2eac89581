import { appointmentsCalls } from '@/domain/appointments/calls';
import { get, list, one, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

/** The list's filters: react-admin name -> query name. */
const APPOINTMENT_FILTERS = { status: 'Status', reason: 'Reason', role: 'Role', from: 'From', to: 'To', hostId: 'HostId' };

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const appointmentsEndpoints = {
  appointments: {
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
} satisfies Record<string, ResourceEndpoints>;
