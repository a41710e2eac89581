import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';
import { rowsOf } from './db/queries.js';
import type { OutboxAttachment } from './db/schema/index.js';
import { framedMail, type FrameInput } from './mailFrame.js';

/** A file attached to a mail as it leaves (nodemailer's attachment). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

/** What the worker needs of nodemailer's transport: one call per mail. */
export type MailTransport = {
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    messageId?: string;
    attachments?: MailAttachment[];
  }): Promise<unknown>;
};

/** Makes the file an outbox row names (outbox.attachment), when its mail leaves. */
type AttachmentMaker = (made: OutboxAttachment) => Promise<MailAttachment>;

export type OutboxOptions = {
  db: Db;
  /** Null without SMTP_URL: the mails then stay in the outbox (and the log), and only the tick jobs run. */
  transport: MailTransport | null;
  from: string;
  /** PUBLIC_URL: where the footer's link to one's email preferences points; unset, the footer names the page without a link. */
  publicUrl?: string;
  log: FastifyBaseLogger;
  batchSize?: number;
  /** How long the worker sleeps when it found nothing to do. */
  idleMs?: number;
  /** A claim lasts this long: a worker that died mid-batch leaves its mails to the next one after it. */
  leaseMs?: number;
  /** The first retry's wait; each next one doubles it, up to an hour. */
  retryBaseMs?: number;
  maxAttempts?: number;
};

type Claimed = { id: string; to: string; subject: string; text: string; attempts: number; attachment: OutboxAttachment | null };
type ClaimedRow = Omit<Claimed, 'text'> &
  Pick<FrameInput, 'category' | 'language' | 'firstName' | 'attachments'> & { text: string; body: string | null };

const HOUR_MS = 3_600_000;

/** The wait before the next try of a mail tried `attempts` times. */
function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(HOUR_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * The durable outbox's worker, in the server process. Mails are rows written in the transaction
 * of the change that sends them; the worker claims a batch (FOR UPDATE SKIP LOCKED, so two
 * servers never take the same row, and a lease instead of a held transaction, since PGlite has
 * one connection), hands the whole batch to the transport's pool and marks each sent as it goes. A
 * worker stopped between batches leaves the rest pending; one killed mid-send leaves its claimed
 * rows, sent again when the lease ends: at most the mails in flight (one per SMTP connection) go
 * twice, under the Message-ID they had, and none is lost. Failures wait with a doubling backoff.
 */
export function createOutboxWorker(opts: OutboxOptions) {
  const batchSize = opts.batchSize ?? 100;
  const idleMs = opts.idleMs ?? 5000;
  const leaseMs = opts.leaseMs ?? 120_000;
  const retryBaseMs = opts.retryBaseMs ?? 30_000;
  const maxAttempts = opts.maxAttempts ?? 8;
  // The sender's display name is the app's name (server/services.ts writes it so).
  const appName = opts.from.replace(/\s*<[^>]*>\s*$/, '') || opts.from;
  const ticks: Array<() => Promise<unknown>> = [];
  const makers = new Map<string, AttachmentMaker>();
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  /** What this process's worker has done since it started (/metrics): sends, failed tries, and mails given up. */
  const tally = { sent: 0, failed: 0, givenUp: 0 };

  /**
   * Claims a batch and writes each mail as sent. A message's mails keep no text of their own (one
   * body per message, not one per recipient, keeps a send to thousands light): the worker takes
   * it from the message. Every mail is framed when it goes, in its recipient's language of the
   * moment (greeting, attachments, footer, subject prefix; server/mailFrame.ts), around its own
   * words as written.
   */
  async function claim(): Promise<Claimed[]> {
    const result = await opts.db.execute(sql`
      with claimed as (
      update outbox set claimed_until = now() + ${leaseMs} * interval '1 millisecond', attempts = attempts + 1
      where id in (
        select id from outbox
        where category is not null and sent_at is null and failed_at is null and next_attempt_at <= now()
          and (claimed_until is null or claimed_until < now())
        order by next_attempt_at, created_at
        limit ${batchSize}
        for update skip locked)
      returning id, "to", subject, text, category, attempts, message_id, attachment)
      select c.id, c."to", c.subject, c.text, c.category, c.attempts, c.attachment, m.body,
        u.language, u.first_name as "firstName",
        (select count(*)::int from message_attachments a where a.message_id = m.id) as attachments
      from claimed c left join messages m on m.id = c.message_id left join users u on u.email = c."to"`);
    return rowsOf<ClaimedRow>(result).map(({ body, category, language, firstName, attachments, ...mail }) => ({
      ...mail,
      ...framedMail(
        appName,
        { subject: mail.subject, text: body ?? mail.text, category, language, firstName, attachments },
        opts.publicUrl,
      ),
    }));
  }

  /**
   * The file a row names, made now: what it holds (a giving statement's amounts) is never queued,
   * only what it is made from (docs/decisions/0246-statement-mail-pdf.md). A mail whose file cannot
   * be made fails and is tried again: it never leaves without it.
   */
  async function attachmentsOf(mail: Claimed): Promise<MailAttachment[] | undefined> {
    if (!mail.attachment) return undefined;
    const make = makers.get(mail.attachment.kind);
    if (!make) throw new Error(`no maker of '${mail.attachment.kind}' attachments on this server`);
    return [await make(mail.attachment)];
  }

  async function deliver(transport: MailTransport, mail: Claimed) {
    try {
      const attachments = await attachmentsOf(mail);
      // One Message-ID per outbox row: a mail sent again after a crash is the same message to
      // the receiving servers and mail apps, which show it once.
      const messageId = `<${mail.id}@${opts.from
        .split('@')
        .pop()!
        .replace(/[^a-z0-9.-]/gi, '')}>`;
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, messageId, attachments });
      await opts.db.execute(sql`update outbox set sent_at = now(), claimed_until = null, last_error = null where id = ${mail.id}`);
      tally.sent++;
      opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    } catch (err) {
      const message = (err as Error).message;
      const giveUp = mail.attempts >= maxAttempts;
      const wait = backoffMs(mail.attempts, retryBaseMs);
      await opts.db.execute(sql`
        update outbox set claimed_until = null, last_error = ${message},
          failed_at = ${giveUp ? sql`now()` : sql`null`},
          next_attempt_at = now() + ${wait} * interval '1 millisecond'
        where id = ${mail.id}`);
      tally.failed++;
      if (giveUp) tally.givenUp++;
      opts.log.error({ to: mail.to, subject: mail.subject, err: message, attempts: mail.attempts, giveUp }, 'mail could not be sent');
    }
  }

  /** One round: the tick jobs, then one batch of mails. Returns how many mails it took. */
  async function drainOnce(): Promise<number> {
    for (const tick of ticks) await tick();
    if (!opts.transport) return 0;
    const batch = await claim();
    // All at once: the transport's pool spreads them over its connections (and its rate).
    await Promise.all(batch.map((mail) => deliver(opts.transport!, mail)));
    return batch.length;
  }

  async function run() {
    while (running) {
      let taken = 0;
      try {
        taken = await drainOnce();
      } catch (err) {
        opts.log.error({ err: (err as Error).message }, 'the outbox worker failed a round');
      }
      // A full batch means more may be waiting: go on at once.
      if (running && taken < batchSize) await new Promise<void>((resolve) => sleep(resolve));
    }
  }

  function sleep(resolve: () => void) {
    const timer = setTimeout(done, idleMs);
    timer.unref();
    function done() {
      clearTimeout(timer);
      wake = undefined;
      resolve();
    }
    wake = done;
  }

  return {
    /** Runs job at every round, e.g. releasing scheduled messages. */
    everyRound(job: () => Promise<unknown>) {
      ticks.push(job);
    },
    /** Makes the attachments of this kind that rows name, as their mails leave. */
    makesAttachments(kind: string, make: AttachmentMaker) {
      makers.set(kind, make);
    },
    drainOnce,
    tally: () => ({ ...tally }),
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    /** Wakes the worker now, after new mails were queued. */
    poke() {
      wake?.();
    },
    /** Lets the batch under way finish, then stops. */
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
