import { gatheringsCalls } from '@/domain/gatherings/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { DECIDED_BY } from '@/domain/gatherings/deciders.js';
import { outreachFilters } from '@/domain/gatherings/schemas.js';
import { ok } from '@/server/http/envelope.js';
import { listQuery } from '@/server/engines/list.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import {
  changeConverts,
  changeReport,
  convertToFirstTimer,
  fileReport,
  removeReport,
  reportOfRequest,
  reportPage,
} from './outreachReports.js';
import { changeOutreach, decideOutreach, fileOutreach, outreachDetail, outreachPage, removeOutreach } from './outreachRequests.js';

/**
 * /Outreach/*: members file outreach requests; CAN_APPROVE_OUTREACH decides them; the requester
 * (or CAN_UPDATE_OUTREACH) reports each approved outreach with its converts. Those without
 * CAN_VIEW_OUTREACH see the outreaches they filed or go on.
 */

const tag = 'Outreach';
const list = listQuery(outreachFilters);

export const outreachRoutes: AnyRouteDef[] = [
  route({
    call: gatheringsCalls.getAllOutreachRequests,
    tag,
    summary:
      'Outreach requests: every one for CAN_VIEW_OUTREACH (Mine=true for one’s own), else those the caller filed or goes on; Status, From and To (outreach days), search, sorts, paging',
    access: { signedIn: true },
    query: list,
    handler: ({ query, caller, services }) => outreachPage(services.database.db, caller!, query),
  }),
  route({
    call: gatheringsCalls.getOutreachRequestById,
    tag,
    summary:
      '(added) One outreach request with its history (filed, changed, decided, reported: who, when, the comment); for those who see it in the list',
    access: { signedIn: true },
    handler: async ({ query, caller, services }) => ok(await outreachDetail(services.database.db, caller!, query.id)),
  }),
  route({
    call: gatheringsCalls.requestForOutreach,
    tag,
    summary: 'Ask for an outreach: title, purpose, place, date, team and needs',
    access: { signedIn: true },
    async handler({ body, caller, mutate }) {
      return ok(await mutate((tx, audit) => fileOutreach(tx, audit, caller!, body)), 'Request successful');
    },
  }),
  route({
    call: gatheringsCalls.updateOutreachRequest,
    tag,
    summary: 'Change one’s own outreach request while it is pending (the whole form)',
    access: { signedIn: true },
    async handler({ body, caller, mutate }) {
      const { id, ...fields } = body;
      return ok(await mutate((tx, audit) => changeOutreach(tx, audit, caller!, id, fields)), 'Details updated');
    },
  }),
  route({
    call: gatheringsCalls.approveOrRejectOutreachRequest,
    tag,
    summary: 'Decide a pending outreach request (Approve=true or false; Comment required to reject), once; the requester is told',
    access: { permission: DECIDED_BY.outreachRequest },
    async handler({ query, caller, mutate }) {
      const view = await mutate((tx, audit) => decideOutreach(tx, audit, caller!, query.id, query.approve, query.comment ?? null));
      return ok(view, query.approve ? 'Request approved' : 'Request rejected');
    },
  }),
  route({
    call: gatheringsCalls.deleteOutreachRequest,
    tag,
    summary: 'Withdraw one’s own pending outreach request, or (CAN_DELETE_OUTREACH) delete any with its report',
    access: { signedIn: true },
    async handler({ query, caller, mutate }) {
      await mutate((tx, audit) => removeOutreach(tx, audit, caller!, query.id));
      return ok(null, 'Successfully Deleted');
    },
  }),
  route({
    call: gatheringsCalls.createOutreachReport,
    tag,
    summary: 'Report an approved outreach (its requester or CAN_UPDATE_OUTREACH), which completes it; one report per outreach',
    access: { signedIn: true },
    async handler({ body, caller, mutate }) {
      const { outreachRequestId, ...fields } = body;
      return ok(await mutate((tx, audit) => fileReport(tx, audit, caller!, outreachRequestId, fields)), 'Successfully Created');
    },
  }),
  route({
    call: gatheringsCalls.updateOutreachReports,
    tag,
    summary: 'Change a report (the whole form, converts included); converts keep their ids and first-timer links',
    access: { signedIn: true },
    async handler({ body, caller, mutate }) {
      const { id, ...fields } = body;
      return ok(await mutate((tx, audit) => changeReport(tx, audit, caller!, id, fields)), 'Details updated');
    },
  }),
  route({
    call: gatheringsCalls.updateDetailOfConverts,
    tag,
    summary: "Replace a report's converts list alone ({id, detailOfConverts})",
    access: { signedIn: true },
    async handler({ body, caller, mutate }) {
      return ok(await mutate((tx, audit) => changeConverts(tx, audit, caller!, body.id, body.detailOfConverts)), 'Details updated');
    },
  }),
  route({
    call: gatheringsCalls.deleteOutreachReport,
    tag,
    summary: 'Delete a report (its outreach’s requester or CAN_DELETE_OUTREACH); the outreach is approved again',
    access: { signedIn: true },
    async handler({ query, caller, mutate }) {
      await mutate((tx, audit) => removeReport(tx, audit, caller!, query.id));
      return ok(null, 'Successfully Deleted');
    },
  }),
  route({
    call: gatheringsCalls.getAllOutreachReports,
    tag,
    summary: 'Outreach reports within what the caller sees: From and To (days held), search (converts too), sorts, paging',
    access: { signedIn: true },
    query: list,
    handler: ({ query, caller, services }) => reportPage(services.database.db, caller!, query),
  }),
  route({
    call: gatheringsCalls.getOutreachReportByRequestId,
    tag,
    summary: "The report of an outreach request ('Outreach Report not found!' when none)",
    access: { signedIn: true },
    handler: async ({ query, caller, services }) => ok(await reportOfRequest(services.database.db, caller!, query.id)),
  }),
  route({
    call: gatheringsCalls.convertToFirstTimer,
    tag,
    summary:
      '(added) Send a convert of a report to the first-timer list in one action: an inactive first-timer account from the convert’s details',
    access: { permission: [P.updateOutreach, P.createFirstTimers] },
    async handler({ query, mutate }) {
      const result = await mutate((tx, audit) => convertToFirstTimer(tx, audit, query.reportId, query.convertId));
      return ok(result, 'Convert added to the first-timers');
    },
  }),
];
