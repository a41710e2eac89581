import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { GivingMethod } from '@/domain/giving/schemas.js';
import { signedAmount, totalsOf, type Statement, type StatementMailOutcome, type StatementQuery } from '@/domain/giving/statements.js';
import type { Db, Tx } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { contributionSplits, contributions, givingFunds, users } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { mayEmail } from '@/server/modules/profile/consent.js';
import { counted } from './read.js';
import { statementMailText } from './statementWords.js';

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
 * Queues each giver's statement in the outbox, in their language, as the 'statements' mails they
 * may opt out of; only to a verified address of an account not disabled whose email consent is
 * not a no. One transaction: the mails and the audit row (counts, never an amount) commit together.
 */
export async function mailStatements(tx: Tx, audit: (e: AuditEntry) => void, q: StatementQuery): Promise<StatementMailOutcome> {
  const statements = await statementsFor(tx, q);
  const mails = statements.map((statement) => ({ user_id: statement.giverId, ...statementMailText(statement, q.from, q.to) }));
  // One statement for all of them: the texts travel as one JSON parameter, whatever their number.
  const queued = mails.length
    ? rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into outbox ("to", subject, text, category)
          select u.email, m.subject, m.text, 'statements'
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
