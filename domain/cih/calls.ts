import { centerSchema, centerUpdateSchema, zoneSchema, zoneUpdateSchema } from '@/domain/cih/schemas.js';
import { idQuery } from '@/domain/common/fields.js';
import { defineCall } from '@/domain/common/calls.js';

/** CIH zones and centers, and the caller's own center. */
export const cihCalls = {
  cihZoneCreate: defineCall({ method: 'POST', path: '/CIHZone/Create', body: zoneSchema }),
  cihZoneUpdate: defineCall({ method: 'PUT', path: '/CIHZone/Update', body: zoneUpdateSchema }),
  cihZoneDelete: defineCall({ method: 'DELETE', path: '/CIHZone/Delete', query: idQuery }),
  cihZoneGetAll: defineCall({ method: 'GET', path: '/CIHZone/GetAll' }),
  cihZoneGetById: defineCall({ method: 'GET', path: '/CIHZone/GetById', query: idQuery }),
  cihZoneGetByTotal: defineCall({ method: 'GET', path: '/CIHZone/GetByTotal' }),
  centerCreate: defineCall({ method: 'POST', path: '/Center/Create', body: centerSchema }),
  centerUpdate: defineCall({ method: 'PUT', path: '/Center/Update', body: centerUpdateSchema }),
  centerDelete: defineCall({ method: 'DELETE', path: '/Center/Delete', query: idQuery }),
  centerGetAll: defineCall({ method: 'GET', path: '/Center/GetAll' }),
  centerGetById: defineCall({ method: 'GET', path: '/Center/GetById', query: idQuery }),
  centerGetByTotal: defineCall({ method: 'GET', path: '/Center/GetByTotal' }),
  getMyCenter: defineCall({ method: 'GET', path: '/Center/GetMyCenter' }),
};
