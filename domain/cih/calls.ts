import { defineCall } from '@/domain/common/calls.js';
import { centerSchema, centerUpdateSchema, zoneSchema, zoneUpdateSchema } from '@/domain/cih/schemas.js';

/** CIH zones and centers, and the caller's own center. */
export const cihCalls = {
  cihZoneCreate: defineCall({ method: 'POST', path: '/CIHZone/Create', body: zoneSchema }),
  cihZoneUpdate: defineCall({ method: 'PUT', path: '/CIHZone/Update', body: zoneUpdateSchema }),
  cihZoneDelete: defineCall({ method: 'DELETE', path: '/CIHZone/Delete' }),
  cihZoneGetAll: defineCall({ method: 'GET', path: '/CIHZone/GetAll' }),
  cihZoneGetById: defineCall({ method: 'GET', path: '/CIHZone/GetById' }),
  cihZoneGetByTotal: defineCall({ method: 'GET', path: '/CIHZone/GetByTotal' }),
  centerCreate: defineCall({ method: 'POST', path: '/Center/Create', body: centerSchema }),
  centerUpdate: defineCall({ method: 'PUT', path: '/Center/Update', body: centerUpdateSchema }),
  centerDelete: defineCall({ method: 'DELETE', path: '/Center/Delete' }),
  centerGetAll: defineCall({ method: 'GET', path: '/Center/GetAll' }),
  centerGetById: defineCall({ method: 'GET', path: '/Center/GetById' }),
  centerGetByTotal: defineCall({ method: 'GET', path: '/Center/GetByTotal' }),
  getMyCenter: defineCall({ method: 'GET', path: '/Center/GetMyCenter' }),
};
