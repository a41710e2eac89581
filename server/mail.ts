import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';
import { outbox } from './db/schema/index.js';

export type Mail = { to: string; subject: string; text: string };

/** How Flock uses the mail server: connections kept open, and mails a second at most (unset: no limit). */
export type SmtpLimits = { connections: number; perSecond?: number };

/**
 * A pool of SMTP connections: one connection per mail (nodemailer's default) spent a TLS and
 * login handshake on each and sent about 23 mails a second; the outbox hands the pool a batch at
 * a time and it spreads them over its connections (docs/decisions/0220).
 */
function smtpTransport(url: string, limits: SmtpLimits) {
  const rate = limits.perSecond ? { rateLimit: limits.perSecond, rateDelta: 1000 } : {};
  return nodemailer.createTransport({ url, pool: true, maxConnections: limits.connections, ...rate });
}

/**
 * Sends over SMTP when SMTP_URL is set; otherwise keeps the mail in the outbox table and the log.
 * Call it outside transactions: PGlite holds every query while one is open.
 */
export function createMailer(opts: { smtpUrl?: string; smtp: SmtpLimits; from: string; db: Db; log: FastifyBaseLogger }) {
  const transport = opts.smtpUrl ? smtpTransport(opts.smtpUrl, opts.smtp) : null;
  const sending = new Set<Promise<void>>();
  return {
    /** The SMTP connection, shared with the outbox's worker; null without SMTP_URL. */
    transport,
    async send(mail: Mail): Promise<void> {
      if (transport) {
        // Sent after the answer: an SMTP round trip would make a call about a known address
        // answer slower than one about an unknown address, and so tell them apart.
        const sent = transport.sendMail({ from: opts.from, ...mail }).then(
          () => opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent'),
          (err: Error) => opts.log.error({ to: mail.to, subject: mail.subject, err: err.message }, 'mail could not be sent'),
        );
        sending.add(sent);
        void sent.finally(() => sending.delete(sent));
        return;
      }
      await opts.db.insert(outbox).values(mail);
      // Without SMTP the log is how a person running Flock locally reads the mail.
      opts.log.info({ mail }, 'mail written to the outbox (no SMTP_URL)');
    },
    /** Lets the mails under way finish, then closes the connection. */
    async close() {
      await Promise.all(sending);
      transport?.close();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
