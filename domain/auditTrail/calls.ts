import { defineCall } from '@/domain/common/calls.js';
import { idQuery } from '@/domain/common/fields.js';

/** The audit trail: its list, one entry, and its export. */
export const auditTrailCalls = {
  getAllAudit: defineCall({ method: 'GET', path: '/AuditTrail/GetAllAudit' }),
  getAuditById: defineCall({ method: 'GET', path: '/AuditTrail/GetAuditById', query: idQuery }),
  exportAudit: defineCall({ method: 'GET', path: '/AuditTrail/ExportAudit' }),
};
