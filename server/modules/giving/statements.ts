import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { calendarDate } from '@/domain/common/dates.js';
import type { GivingMethod } from '@/domain/giving/schemas.js';
import { signedAmount, totalsOf, type Statement, type StatementMailOutcome, type StatementQuery } from '@/domain/giving/statements.js';
import type { Db, Tx } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { contributionSplits, contributions, givingFunds, households, users, type OutboxAttachment } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { mayEmail } from '@/server/modules/profile/consent.js';
import type { MailAttachment } from '@/server/outbox.js';
import { giverKeySql } from './counted.js';
import { counted } from './read.js';
import { writeStatementsPdf } from './statementPdf.js';
import { statementMailText, statementWords } from './statementWords.js';

/** A family's statement speaks its first head's language (by name), else its first member's with an account. */
const familyLanguage = sql`(select fu.language from household_members hm join users fu on fu.id = hm.user_id
  where hm.household_id = ${contributions.householdId} and fu.language is not null
  order by hm.role <> 'head', lower(coalesce(fu.sur_name, '')), lower(coalesce(fu.first_name, '')), fu.id limit 1)`;

/**
 * Each giver's statement for a period (docs/decisions/0235-giving-statements.md): the splits of
 * the contributions that count (approved batches, approved refunds and corrections) dated in the
 * period, one line each, refunds and reversals against; anonymous gifts belong to no statement.
 * A family that gave in its name has its own statement, in its first head's language
 * (docs/decisions/0244-family-giver.md); its members' own gifts are on their own.
 */
export async function statementsFor(db: Db | Tx, q: StatementQuery): Promise<Statement[]> {
  const rows = await db
    .select({
      giverId: contributions.giverId,
      householdId: contributions.householdId,
      firstName: users.firstName,
      surName: users.surName,
      familyName: households.name,
      language: sql<string | null>`coalesce(${users.language}, ${familyLanguage})`,
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
    .leftJoin(users, eq(users.id, contributions.giverId))
    .leftJoin(households, eq(households.id, contributions.householdId))
    .innerJoin(contributionSplits, eq(contributionSplits.contributionId, contributions.id))
    .innerJoin(givingFunds, eq(givingFunds.id, contributionSplits.fundId))
    .where(
      and(
        counted(db),
        isNotNull(giverKeySql('contributions')),
        q.giverId ? eq(contributions.giverId, q.giverId.toLowerCase()) : undefined,
        q.householdId ? eq(contributions.householdId, q.householdId.toLowerCase()) : undefined,
        gte(contributions.date, q.from),
        lte(contributions.date, q.to),
      ),
    )
    .orderBy(
      sql`lower(coalesce(${users.surName}, ${households.name}, ''))`,
      sql`lower(coalesce(${users.firstName}, ''))`,
      giverKeySql('contributions'),
      asc(contributions.date),
      asc(contributions.createdAt),
      asc(contributions.id),
      asc(givingFunds.name),
    );
  // The rows come giver by giver: a Map keeps that order.
  const byGiver = new Map<string, Statement>();
  for (const row of rows) {
    const key = (row.giverId ?? row.householdId)!;
    let statement = byGiver.get(key);
    if (!statement) {
      const giverName = row.householdId ? (row.familyName ?? '') : [row.firstName, row.surName].filter(Boolean).join(' ');
      const { giverId, householdId, language } = row;
      statement = { giverId, householdId, giverName, language, lines: [], totals: [], grandTotals: [] };
      byGiver.set(key, statement);
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
 * A family's goes to its heads and spouses, each as their own choices allow
 * (docs/decisions/0244-family-giver.md); it counts as mailed when one of them gets it.
 * One transaction: the mails and the audit row (counts, never an amount) commit together.
 */
export async function mailStatements(tx: Tx, audit: (e: AuditEntry) => void, q: StatementQuery): Promise<StatementMailOutcome> {
  const statements = await statementsFor(tx, q);
  const mails = statements.map((statement, n) => ({
    n,
    user_id: statement.giverId,
    household_id: statement.householdId,
    ...statementMailText(statement.language, q.from, q.to),
  }));
  // One statement for all of them: the texts travel as one JSON parameter, whatever their number.
  const [sent] = mails.length
    ? rowsOf<{ statements: number }>(
        await tx.execute(sql`
          with m as (select * from jsonb_to_recordset(${JSON.stringify(mails)}::jsonb)
              as m(n int, user_id uuid, household_id uuid, subject text, text text)),
            addressed as (
              select m.n, m.user_id, null::uuid as household_id, m.subject, m.text from m where m.user_id is not null
              union all
              select m.n, hm.user_id, m.household_id, m.subject, m.text from m
                join household_members hm on hm.household_id = m.household_id and hm.role in ('head', 'spouse')
              where hm.user_id is not null),
            recipients as (
              select a.n, u.email, a.subject, a.text,
                case when a.household_id is null
                  then jsonb_build_object('kind', ${STATEMENT_PDF}::text, 'giverId', u.id, 'from', ${q.from}::text, 'to', ${q.to}::text)
                  else jsonb_build_object('kind', ${STATEMENT_PDF}::text, 'householdId', a.household_id, 'from', ${q.from}::text, 'to', ${q.to}::text)
                end as attachment
              from addressed a join users u on u.id = a.user_id
              where u.email_verified and not u.disabled
                and not exists (select 1 from email_opt_outs o where o.user_id = u.id and o.category = 'statements')
                and ${mayEmail(sql`u.id`)}),
            queued as (
              insert into outbox ("to", subject, text, category, attachment)
              select email, subject, text, 'statements', attachment from recipients
              returning id)
          select (select count(distinct n) from recipients)::int as statements, (select count(*) from queued)::int as mails`),
      )
    : [{ statements: 0 }];
  const mailed = Number(sent.statements);
  const outcome = { givers: statements.length, mailed, withoutConsent: statements.length - mailed };
  // The one giver asked for, a person or a family (docs/decisions/0244), as the download's audit names it.
  audit({
    action: 'mail',
    entity: 'givingStatement',
    after: { from: q.from, to: q.to, giverId: q.giverId ?? q.householdId ?? null, ...outcome },
  });
  return outcome;
}

/** The kind of the outbox's attachment that is a giver's statement. */
export const STATEMENT_PDF = 'givingStatement';

/** What a statement mail's row names: the giver (a person, or a family, docs/decisions/0244) and the period. */
const statementMade = z
  .object({ giverId: z.guid().optional(), householdId: z.guid().optional(), from: calendarDate('From'), to: calendarDate('To') })
  .refine((m) => Boolean(m.giverId) !== Boolean(m.householdId), { message: 'A statement mail names one giver' });

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
