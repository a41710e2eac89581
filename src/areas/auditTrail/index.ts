import HistoryIcon from '@mui/icons-material/History';
import { P } from '@/domain/roles/permissions';
import { auditTrailCalls } from '@/domain/auditTrail/calls';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { one, type Endpoint } from '@/src/dataProvider/endpoints';
import { auditListQuery } from './auditQuery';

/** /audit-logs: the audit trail for its reviewers (CAN_VIEW_AUDIT_REPORT). */
export const auditLogs = descriptor({
  name: 'auditLogs',
  path: '/audit-logs',
  screen: lazyScreen(() => import('./AuditLogList'), 'AuditLogList'),
  access: { view: [P.viewAudit] },
  icon: HistoryIcon,
  endpoints: {
    getList: {
      call: auditTrailCalls.getAllAudit,
      query: auditListQuery,
      read: (envelope) => ({ data: envelope.data ?? [], total: envelope.totalCount ?? 0 }),
    } satisfies Endpoint,
    getOne: one(auditTrailCalls.getAuditById),
  },
});
