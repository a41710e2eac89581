import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string; otp?: string };

/** A real SMTP receiver on loopback that keeps every message it is sent. */
export async function startSmtpReceiver() {
  const mails: ReceivedMail[] = [];
  const arrivals = new EventEmitter();
  let connections = 0;
  const server = new SMTPServer({
    onConnect(_session, done) {
      connections++;
      done();
    },
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
        arrivals.emit('mail');
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** How many SMTP connections were opened to it so far. */
    connections: () => connections,
    /**
     * The newest mail to an address, as soon as it arrives. The limit is only a safety net below
     * the test's own timeout (a busy machine delays the outbox worker), so it names the address.
     */
    async waitFor(to: string, timeoutMs = 50_000): Promise<ReceivedMail> {
      const signal = AbortSignal.timeout(timeoutMs);
      for (;;) {
        const mail = [...mails].reverse().find((m) => m.to.includes(to.toLowerCase()));
        if (mail) return mail;
        await once(arrivals, 'mail', { signal }).catch(() => {
          throw new Error(`no mail reached ${to} within ${timeoutMs} ms`);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
