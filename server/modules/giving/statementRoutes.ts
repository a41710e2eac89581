import { PassThrough } from 'node:stream';
import { statementCalls } from '@/domain/giving/statementCalls.js';
import { P } from '@/domain/roles/permissions.js';
import { ok } from '@/server/http/envelope.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { writeStatementsPdf } from './statementPdf.js';
import { mailStatements, statementsFor } from './statements.js';

/**
 * Giving statements (docs/decisions/0235-giving-statements.md): produced by the readers of giving
 * (CAN_VIEW_GIVING), mailed by the counters (CAN_CREATE_GIVING), who send each giver their own
 * and see only how many went. Producing and mailing are audited with the period and the counts.
 */
const tag = 'Giving';
const fileName = (from: string, to: string, one?: string) => `giving-statement${one ? '' : 's'}-${from}-to-${to}.pdf`;

export const statementRoutes: AnyRouteDef[] = [
  route({
    call: statementCalls.getStatements,
    tag,
    summary:
      "(added) Each giver's statement for a period (From, To, both counted; GiverId for one person, HouseholdId for one family that gave in its name): the contributions that count dated in it, a line per fund, refunds and reversals against, with totals per fund and in all",
    access: { permission: P.viewGiving },
    handler: async ({ query, services }) => ok(await statementsFor(services.database.db, query)),
  }),
  route({
    call: statementCalls.downloadStatements,
    tag,
    summary:
      "(added) The statements of a period (GiverId: one giver; none: every giver of the period) as one PDF, each giver's from a new page in their language. Format=progress answers lines of JSON as it goes ({total}, then {done} after each giver and {pdf} with the file's next piece in base64, and {end}) for a screen to show its progress. Audited with the period and the count",
    access: { permission: P.viewGiving },
    async handler({ query, services, reply, mutate }) {
      const statements = await statementsFor(services.database.db, query);
      // The one giver asked for, a person or a family (docs/decisions/0244).
      await mutate(async (_tx, audit) =>
        audit({
          action: 'export',
          entity: 'givingStatement',
          after: { from: query.from, to: query.to, giverId: query.giverId ?? query.householdId ?? null, givers: statements.length },
        }),
      );
      const app = services.config.appName;
      const stream = new PassThrough();
      const line = (value: unknown) => stream.write(`${JSON.stringify(value)}\n`);
      const progress = query.format === 'progress';
      reply.header('cache-control', 'no-store');
      if (progress) {
        reply.type('application/x-ndjson; charset=utf-8');
        line({ total: statements.length });
      } else {
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName(query.from, query.to, query.giverId ?? query.householdId)}"`);
      }
      // Written after the answer has started: the pages go out as they are made.
      void writeStatementsPdf(statements, query, app, {
        data: (chunk) => (progress ? line({ pdf: chunk.toString('base64') }) : stream.write(chunk)),
        progress: progress ? (done) => line({ done }) : undefined,
      }).then(
        () => {
          if (progress)
            line({ end: true, givers: statements.length, fileName: fileName(query.from, query.to, query.giverId ?? query.householdId) });
          stream.end();
        },
        (err: Error) => stream.destroy(err),
      );
      reply.send(stream);
    },
  }),
  route({
    call: statementCalls.mailStatements,
    tag,
    summary:
      "(added) Mails each giver of the period (or the one GiverId) their statement in their language through the outbox, as 'statements' mails carrying it as a PDF attachment made when the mail leaves: only to verified addresses whose email consent and mail preferences allow it. Answers how many givers, mailed and left unmailed; audited with those counts, never an amount",
    access: { permission: P.recordGiving },
    async handler({ body, services, mutate }) {
      const outcome = await mutate((tx, audit) => mailStatements(tx, audit, body));
      services.outbox.poke();
      return ok(outcome, 'Statements mailed');
    },
  }),
];
