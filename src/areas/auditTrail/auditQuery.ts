import type { GetListParams } from 'react-admin';
import { listQuery } from '@/src/dataProvider/endpoints';
import type { Query } from '@/src/dataProvider/http';

/** The list's filters (react-admin names, kept in the address) and GetAllAudit's names for them. */
const AUDIT_FILTERS = {
  actor: 'Actor',
  subject: 'Subject',
  subjectId: 'SubjectId',
  action: 'Action',
  entityType: 'EntityType',
  entityId: 'EntityId',
  outcome: 'Outcome',
  ip: 'Ip',
  from: 'From',
  to: 'To',
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A picked day as the instant it starts (or, for `end`, ends) where the reviewer is, not in UTC. */
function localDayBound(value: unknown, end: boolean): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  const match = DAY.exec(value);
  if (!match) return value; // a time already (a shared link may carry one)
  const [, y, m, d] = match.map(Number);
  const date = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d);
  return date.toISOString();
}

/** GetAllAudit's query: paging, the createdAt sort (newest first unless asked) and the filters, with local days. */
export function auditListQuery(params: GetListParams): Query {
  const query = listQuery(params, AUDIT_FILTERS);
  const filter = (params.filter ?? {}) as Record<string, unknown>;
  return { ...query, From: localDayBound(filter.from, false), To: localDayBound(filter.to, true) };
}

/** The export asks for the same filters without paging or sort field. */
export function exportQuery(filter: Record<string, unknown>, order: 'asc' | 'desc'): Query {
  const {
    PageNumber: _page,
    PageSize: _size,
    SortBy: _by,
    ...rest
  } = auditListQuery({
    filter,
    sort: { field: 'createdAt', order: order.toUpperCase() as 'ASC' | 'DESC' },
    pagination: { page: 1, perPage: 1 },
  });
  return { ...rest, SortOrder: order };
}

/** The address of the log filtered to one member's whole history, as a link can share it. */
export const memberHistoryPath = (userId: string) =>
  `/audit-logs?${new URLSearchParams({ filter: JSON.stringify({ subjectId: userId }) })}`;
