import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type ReceivedMail = { to: string[]; raw: string; otp?: string };

/** A real SMTP receiver on loopback that keeps every message it is sent. */
export async function startSmtpReceiver() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push({ to, raw, otp: /\b(\d{6})\b/.exec(raw.replace(/=\r?\n/g, ''))?.[1] });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for the newest mail to an address. */
    async waitFor(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = [...mails].reverse().find((m) => m.to.includes(to.toLowerCase()));
        if (mail) return mail;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail reached ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
