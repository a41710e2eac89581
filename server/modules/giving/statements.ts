import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { calendarDate } from '@/domain/common/dates.js';
import type { GivingMethod } from '@/domain/giving/schemas.js';
import { signedAmount, totalsOf, type Statement, type StatementMailOutcome, type StatementQuery } from '@/domain/giving/statements.js';
import type { Db, Tx } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { contributionSplits, contributions, givingFunds, users, type OutboxAttachment } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { mayEmail } from '@/server/modules/profile/consent.js';
import type { MailAttachment } from '@/server/outbox.js';
import { counted } from './read.js';
import { writeStatementsPdf } from './statementPdf.js';
import { statementMailText, statementWords } from './statementWords.js';

/**
 * Each giver's statement for a period (docs/decisions/0235-giving-statements.md): the splits of
 * the contributions that count (approved batches, approved refunds and corrections) dated in the
 * period, one line each, refunds and reversals against; anonymous gifts belong to no statement.
 */
export async function statementsFor(db: Db | Tx, q: StatementQuery): Promise<Statement[]> {
  const rows = await db
    .select({
      giverId: contributions.giverId,
      firstName: users.firstName,
      surName: users.surName,
      language: users.language,
      contributionId: contributions.id,
      date: contributions.date,
      kind: contributions.kind,
      method: contributions.method,
      reference: contributions.reference,
      currency: contributions.currency,
      fundName: givingFunds.name,
      amount: contributionSplits.amount,
    })
    .from(contributions)
    .innerJoin(users, eq(users.id, contributions.giverId))
    .innerJoin(contributionSplits, eq(contributionSplits.contributionId, contributions.id))
    .innerJoin(givingFunds, eq(givingFunds.id, contributionSplits.fundId))
    .where(
      and(
        counted(db),
        isNotNull(contributions.giverId),
        q.giverId ? eq(contributions.giverId, q.giverId.toLowerCase()) : undefined,
        gte(contributions.date, q.from),
        lte(contributions.date, q.to),
      ),
    )
    .orderBy(
      sql`lower(coalesce(${users.surName}, ''))`,
      sql`lower(coalesce(${users.firstName}, ''))`,
      asc(contributions.giverId),
      asc(contributions.date),
      asc(contributions.createdAt),
      asc(contributions.id),
      asc(givingFunds.name),
    );
  // The rows come giver by giver: a Map keeps that order.
  const byGiver = new Map<string, Statement>();
  for (const row of rows) {
    const giverId = row.giverId!;
    let statement = byGiver.get(giverId);
    if (!statement) {
      const giverName = [row.firstName, row.surName].filter(Boolean).join(' ');
      statement = { giverId, giverName, language: row.language, lines: [], totals: [], grandTotals: [] };
      byGiver.set(giverId, statement);
    }
    statement.lines.push({
      contributionId: row.contributionId,
      date: row.date,
      kind: row.kind,
      method: row.method as GivingMethod,
      reference: row.reference,
      fundName: row.fundName,
      currency: row.currency,
      amount: signedAmount(row.kind, row.amount),
    });
  }
  const statements = [...byGiver.values()];
  for (const statement of statements) Object.assign(statement, totalsOf(statement.lines));
  return statements;
}

/**
 * Queues each giver's statement mail in the outbox, in their language, as the 'statements' mails
 * they may opt out of; only to a verified address of an account not disabled whose email consent
 * is not a no. A row holds a short text and what the statement is made from (giver and period),
 * never an amount: the worker makes the PDF when the mail leaves (docs/decisions/0246-statement-mail-pdf.md).
 * One transaction: the mails and the audit row (counts, never an amount) commit together.
 */
export async function mailStatements(tx: Tx, audit: (e: AuditEntry) => void, q: StatementQuery): Promise<StatementMailOutcome> {
  const statements = await statementsFor(tx, q);
  const mails = statements.map((statement) => ({ user_id: statement.giverId, ...statementMailText(statement.language, q.from, q.to) }));
  // One statement for all of them: the texts travel as one JSON parameter, whatever their number.
  const queued = mails.length
    ? rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into outbox ("to", subject, text, category, attachment)
          select u.email, m.subject, m.text, 'statements',
            jsonb_build_object('kind', ${STATEMENT_PDF}::text, 'giverId', u.id, 'from', ${q.from}::text, 'to', ${q.to}::text)
          from jsonb_to_recordset(${JSON.stringify(mails)}::jsonb) as m(user_id uuid, subject text, text text)
          join users u on u.id = m.user_id
          where u.email_verified and not u.disabled
            and not exists (select 1 from email_opt_outs o where o.user_id = u.id and o.category = 'statements')
            and ${mayEmail(sql`u.id`)}
          returning id`),
      )
    : [];
  const outcome = { givers: statements.length, mailed: queued.length, withoutConsent: statements.length - queued.length };
  audit({ action: 'mail', entity: 'givingStatement', after: { from: q.from, to: q.to, giverId: q.giverId ?? null, ...outcome } });
  return outcome;
}

/** The kind of the outbox's attachment that is a giver's statement. */
export const STATEMENT_PDF = 'givingStatement';

/** What a statement mail's row names: the giver and the period. */
const statementMade = z.object({ giverId: z.guid(), from: calendarDate('From'), to: calendarDate('To') });

/**
 * A giver's statement as the PDF of their mail, made when the mail leaves from the contributions
 * as they then stand, in the giver's language of the moment (as the mail's frame is). A giver
 * with no statement any more (erased, merged away) fails the mail rather than send an empty one.
 */
export async function statementAttachment(db: Db, app: string, made: OutboxAttachment): Promise<MailAttachment> {
  const q = statementMade.parse(made);
  const [statement] = await statementsFor(db, q);
  if (!statement) throw new Error('the giver has no statement for the period any more');
  const chunks: Buffer[] = [];
  await writeStatementsPdf([statement], q, app, { data: (chunk) => chunks.push(chunk) });
  return {
    filename: statementWords(statement.language).fileName(q.from, q.to),
    content: Buffer.concat(chunks),
    contentType: 'application/pdf',
  };
}
