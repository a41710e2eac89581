import HistoryIcon from '@mui/icons-material/History';
import { P } from '@/domain/roles/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** /audit-logs: the audit trail for its reviewers (CAN_VIEW_AUDIT_REPORT). */
export const auditLogs = descriptor({
  name: 'auditLogs',
  path: '/audit-logs',
  screen: lazyScreen(() => import('./AuditLogList'), 'AuditLogList'),
  access: { view: [P.viewAudit] },
  icon: HistoryIcon,
});
