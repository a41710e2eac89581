import {
  appointmentUpdateSchema,
  availabilityQuery,
  availabilitySchema,
  bookingSchema,
  freeSlotsQuery,
} from '@/domain/appointments/slots.js';
import { idQuery } from '@/domain/common/fields.js';
import { defineCall } from '@/domain/common/calls.js';

/** Appointments, hosts' availability and free slots, and calendar files. */
export const appointmentsCalls = {
  getAll: defineCall({ method: 'GET', path: '/Appointment/GetAll' }),
  getById: defineCall({ method: 'GET', path: '/Appointment/GetById', query: idQuery }),
  create: defineCall({ method: 'POST', path: '/Appointment/Create', body: bookingSchema }),
  update: defineCall({ method: 'PUT', path: '/Appointment/Update', body: appointmentUpdateSchema }),
  delete: defineCall({ method: 'DELETE', path: '/Appointment/Delete', query: idQuery }),
  getHosts: defineCall({ method: 'GET', path: '/Appointment/GetHosts' }),
  getAvailability: defineCall({ method: 'GET', path: '/Appointment/GetAvailability', query: availabilityQuery }),
  setAvailability: defineCall({ method: 'PUT', path: '/Appointment/SetAvailability', body: availabilitySchema }),
  getFreeSlots: defineCall({ method: 'GET', path: '/Appointment/GetFreeSlots', query: freeSlotsQuery }),
  downloadIcs: defineCall({ method: 'GET', path: '/Appointment/DownloadIcs', query: idQuery }),
};
