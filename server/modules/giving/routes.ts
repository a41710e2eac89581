import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { givingCalls } from '@/domain/giving/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { calendarDate } from '@/domain/common/dates.js';
import { optionalId } from '@/domain/common/fields.js';
import { GIVING_METHODS } from '@/domain/giving/schemas.js';
import { listQuery, PAGE_SIZE_CAP } from '@/server/engines/list.js';
import { ok, page } from '@/server/http/envelope.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { matchingRoutes } from './matching.js';
import { paystackWebhook } from './paystack.js';
import {
  addEntry,
  approveBatch,
  approveCorrection,
  changeEntry,
  correct,
  createBatch,
  createFund,
  postBatch,
  refund,
  removeEntry,
  retireFund,
} from './changes.js';
import {
  batchById,
  batchList,
  contributionById,
  contributionPage,
  contributionsByIds,
  fundList,
  givingOf,
  pendingCorrections,
  type ContributionFilters,
} from './read.js';
import { givingReportRoutes, pledgeRoutes } from './pledgeRoutes.js';
import { statementRoutes } from './statementRoutes.js';
import { STATEMENT_PDF, statementAttachment } from './statements.js';

/**
 * Giving (docs/decisions/0227-giving.md). Counters (CAN_CREATE_GIVING) enter batches and post
 * them; someone else with CAN_APPROVE_GIVING approves; the office (CAN_UPDATE_GIVING) keeps the
 * funds; CAN_VIEW_GIVING reads. Everyone signed in reads their own giving, and only their own.
 */
const GIVING = [P.viewGiving, P.recordGiving, P.approveGiving, P.manageFunds];
const readers = { permission: [P.viewGiving, P.recordGiving, P.approveGiving] };
const counters = { permission: P.recordGiving };
const tag = 'Giving';

const contributionFilters = {
  fundId: optionalId('FundId'),
  householdId: optionalId('HouseholdId'),
  method: z.enum(GIVING_METHODS, { error: `Method must be one of ${GIVING_METHODS.join(', ')}` }).optional(),
  from: calendarDate('From').optional(),
  to: calendarDate('To').optional(),
};

export async function givingModule(app: FastifyInstance) {
  const db = app.services.database.db;
  // A statement mail's PDF is made as it leaves, by whichever server's outbox sends it (docs/decisions/0246-statement-mail-pdf.md).
  app.services.outbox.makesAttachments(STATEMENT_PDF, (made) => statementAttachment(db, app.services.config.appName, made));
  registerRoutes(app, [
    route({
      call: givingCalls.getFunds,
      tag,
      summary: '(added) The funds, those in use first, retired ones after (their history stays)',
      access: { permission: GIVING },
      handler: async () => ok(await fundList(db)),
    }),
    route({
      call: givingCalls.createFund,
      tag,
      summary: '(added) Add a fund; a name already used (whatever its case) is a 409',
      access: { permission: P.manageFunds },
      async handler({ body, mutate }) {
        const id = await mutate((tx, audit) => createFund(tx, audit, body.name));
        return ok(
          (await fundList(db)).find((f) => f.id === id)!,
          'Fund added',
        );
      },
    }),
    route({
      call: givingCalls.retireFund,
      tag,
      summary: '(added) Retire a fund: it takes no new gifts, what was given to it stays',
      access: { permission: P.manageFunds },
      async handler({ query, mutate }) {
        await mutate((tx, audit) => retireFund(tx, audit, query.id));
        return ok(
          (await fundList(db)).find((f) => f.id === query.id)!,
          'Fund retired',
        );
      },
    }),
    route({
      call: givingCalls.getBatches,
      tag,
      summary: '(added) Batches, newest first, with their counted and entered totals and state',
      access: readers,
      handler: async () => ok(await batchList(db)),
    }),
    route({
      call: givingCalls.getBatch,
      tag,
      summary: '(added) A batch with its entries, each with its giver and funds',
      access: readers,
      handler: async ({ query }) => ok(await batchById(db, query.id)),
    }),
    route({
      call: givingCalls.createBatch,
      tag,
      summary: '(added) Start a batch with its counted total (integer kobo); entries follow',
      access: counters,
      async handler({ body, caller, mutate }) {
        const id = await mutate((tx, audit) => createBatch(tx, audit, caller!, body));
        return ok(await batchById(db, id), 'Batch started');
      },
    }),
    route({
      call: givingCalls.addEntry,
      tag,
      summary:
        '(added) Add an entry to an open batch: giver (GiverId), family (HouseholdId; not both: 400) or anonymous, amount in kobo split across funds (the splits add up to it); 409 once posted',
      access: counters,
      async handler({ body, caller, mutate }) {
        await mutate((tx, audit) => addEntry(tx, audit, caller!, body));
        return ok(await batchById(db, body.batchId), 'Entry added');
      },
    }),
    route({
      call: givingCalls.changeEntry,
      tag,
      summary: '(added) Change an entry of an open batch; 409 once posted (posted money is corrected by a new entry)',
      access: counters,
      async handler({ body, mutate }) {
        const batchId = await mutate((tx, audit) => changeEntry(tx, audit, body));
        return ok(await batchById(db, batchId), 'Entry saved');
      },
    }),
    route({
      call: givingCalls.removeEntry,
      tag,
      summary: '(added) Remove an entry of an open batch; 409 once posted',
      access: counters,
      async handler({ query, mutate }) {
        const batchId = await mutate((tx, audit) => removeEntry(tx, audit, query.id));
        return ok(await batchById(db, batchId), 'Entry removed');
      },
    }),
    route({
      call: givingCalls.postBatch,
      tag,
      summary:
        '(added) Post a batch whose entries equal its counted total (400 naming the difference otherwise); it is locked from then on',
      access: counters,
      async handler({ query, caller, mutate }) {
        await mutate((tx, audit) => postBatch(tx, audit, caller!, query.id));
        return ok(await batchById(db, query.id), 'Batch posted');
      },
    }),
    route({
      call: givingCalls.approveBatch,
      tag,
      summary:
        '(added) Approve a posted batch: someone other than whoever counted, entered or posted it (403 for them); 409 when not posted or already approved',
      access: { permission: P.approveGiving },
      async handler({ query, caller, mutate }) {
        await mutate((tx, audit) => approveBatch(tx, audit, caller!, query.id));
        return ok(await batchById(db, query.id), 'Batch approved');
      },
    }),
    route({
      call: givingCalls.refund,
      tag,
      summary:
        '(added) Refund part or all of a posted gift: a new entry pointing at it, never an edit; it counts once someone else approves it (ApproveCorrection)',
      access: counters,
      async handler({ body, caller, mutate }) {
        const id = await mutate((tx, audit) => refund(tx, audit, caller!, body));
        return ok(await contributionById(db, id), 'Refund recorded');
      },
    }),
    route({
      call: givingCalls.correct,
      tag,
      summary:
        '(added) Correct a posted gift: its reversal and the right entry, both pointing at it; the gift is never edited; they count once someone else approves them (ApproveCorrection)',
      access: counters,
      async handler({ body, caller, mutate }) {
        const id = await mutate((tx, audit) => correct(tx, audit, caller!, body));
        return ok(await contributionById(db, id), 'Correction recorded');
      },
    }),
    route({
      call: givingCalls.getPendingCorrections,
      tag,
      summary: '(added) Refunds and corrections waiting for a second person to approve them, oldest first',
      access: readers,
      handler: async () => ok(await pendingCorrections(db)),
    }),
    route({
      call: givingCalls.approveCorrection,
      tag,
      summary:
        "(added) Approve a refund or correction (a correction's two entries together): someone other than whoever recorded it (403 for them); 409 when already approved or an entry of a batch",
      access: { permission: P.approveGiving },
      async handler({ query, caller, mutate }) {
        const ids = await mutate((tx, audit) => approveCorrection(tx, audit, caller!, query.id));
        return ok(await contributionsByIds(db, ids), 'Approved');
      },
    }),
    route({
      call: givingCalls.getContributions,
      tag,
      summary:
        '(added) The contributions that count (approved batches, refunds, corrections), newest first, each with its giver (a person, a family or none): filters FundId, HouseholdId (one family), Method, From, To; sorts date, amount, method; paged',
      access: readers,
      query: listQuery(contributionFilters, PAGE_SIZE_CAP) as z.ZodType<ContributionFilters>,
      async handler({ query }) {
        const { rows, total } = await contributionPage(db, query);
        return page(rows, total);
      },
    }),
    route({
      call: givingCalls.getMine,
      tag,
      summary:
        "(added) The caller's own giving (approved entries, refunds and corrections) and their family's, given in its name (HouseholdId set); nobody reads another's here",
      access: { signedIn: true },
      handler: async ({ caller }) => ok(await givingOf(db, caller!.id)),
    }),
    // Campaigns, pledges and reports (docs/decisions/0234).
    ...pledgeRoutes(db),
    ...givingReportRoutes(db),
    ...statementRoutes,
  ]);
  // Online giving (docs/decisions/0233): the office's matching, and the webhook in a scope of its own (its raw body).
  registerRoutes(app, matchingRoutes(db));
  await app.register(paystackWebhook);
}
