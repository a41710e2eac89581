import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { messages } from '@/server/db/schema/index.js';
import { mayEmail } from '@/server/modules/profile/consent.js';
import { audienceCondition, type Audience } from './audience.js';

type Message = typeof messages.$inferSelect;

/**
 * Writes a message's inbox rows and mails, set-based (INSERT ... SELECT) inside the caller's
 * transaction, so the rows and mails exist together or not at all. People who opted out of
 * message mails, or never verified their address, get the inbox row only. The mails carry no
 * text: the outbox worker takes it from the message when it sends (server/outbox.ts).
 */
export async function deliverMessage(tx: Tx, m: Message) {
  const audience: Audience = { kind: m.audienceKind as Audience['kind'], id: m.audienceId ?? undefined, userIds: m.userIds };
  const recipients = await audienceCondition(tx, audience, m.senderId ?? '00000000-0000-0000-0000-000000000000');
  // One statement: the inbox rows, and from what they returned the mails, so neither is read back.
  const [{ n }] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with inbox as (
        insert into notifications (recipient_id, sender_id, kind, title, body, message_id)
        select member_directory.user_id, ${m.senderId}, 'message', ${m.title}, ${m.body}, ${m.id}
        from member_directory where ${recipients}
        returning recipient_id),
      mails as (
        insert into outbox ("to", subject, text, category, message_id)
        select u.email, ${m.title}, '', 'messages', ${m.id}
        from inbox join users u on u.id = inbox.recipient_id
        where u.email_verified
          and not exists (select 1 from email_opt_outs o where o.user_id = u.id and o.category = 'messages')
          and ${mayEmail(sql`u.id`)})
      select count(*)::int as n from inbox`),
  );
  const [done] = await tx.update(messages).set({ deliveredAt: new Date(), recipientCount: n }).where(eq(messages.id, m.id)).returning();
  return done;
}

/**
 * Delivers the scheduled messages whose time has come, one transaction each, claimed with
 * FOR UPDATE SKIP LOCKED so two servers never deliver one twice. Returns how many it delivered.
 */
export async function releaseDueMessages(db: Db): Promise<number> {
  let released = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(messages)
        .where(and(isNull(messages.deliveredAt), lte(messages.scheduledFor, new Date())))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return false;
      await deliverMessage(tx, due);
      return true;
    });
    if (!done) return released;
    released++;
  }
}
