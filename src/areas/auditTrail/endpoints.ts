import { auditTrailCalls } from '@/domain/auditTrail/calls';
import { auditListQuery } from './auditQuery';
import { one, type Endpoint, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const auditTrailEndpoints = {
  auditLogs: {
    getList: {
      call: auditTrailCalls.getAllAudit,
      query: auditListQuery,
      read: (envelope) => ({ data: envelope.data ?? [], total: envelope.totalCount ?? 0 }),
    } satisfies Endpoint,
    getOne: one(auditTrailCalls.getAuditById),
  },
} satisfies Record<string, ResourceEndpoints>;
