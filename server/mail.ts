import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';
import { outbox } from './db/schema/index.js';

export type Mail = { to: string; subject: string; text: string };

/**
 * Sends over SMTP when SMTP_URL is set; otherwise keeps the mail in the outbox table and the log.
 * Call it outside transactions: PGlite holds every query while one is open.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; log: FastifyBaseLogger }) {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail: Mail): Promise<void> {
      if (transport) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      await opts.db.insert(outbox).values(mail);
      // Without SMTP the log is how a person running Flock locally reads the mail (ARCHITECTURE.md).
      opts.log.info({ mail }, 'mail written to the outbox (no SMTP_URL)');
    },
    close: () => transport?.close(),
  };
}
export type Mailer = ReturnType<typeof createMailer>;
