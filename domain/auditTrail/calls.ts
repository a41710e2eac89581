import { defineCall } from '@/domain/common/calls.js';

/** The audit trail: its list, one entry, and its export. */
export const auditTrailCalls = {
  getAllAudit: defineCall({ method: 'GET', path: '/AuditTrail/GetAllAudit' }),
  getAuditById: defineCall({ method: 'GET', path: '/AuditTrail/GetAuditById' }),
  exportAudit: defineCall({ method: 'GET', path: '/AuditTrail/ExportAudit' }),
};
