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

/** Quoted-printable bytes ("=C3=A9", soft line breaks) as UTF-8 text. */
function fromQuotedPrintable(text: string, underscoreIsSpace = false): string {
  const bytes: number[] = [];
  const input = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i++) {
    if (input[i] === '=' && /^[0-9A-F]{2}$/i.test(input.slice(i + 1, i + 3))) {
      bytes.push(parseInt(input.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(underscoreIsSpace && input[i] === '_' ? ' ' : input[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's encoded words (RFC 2047: =?UTF-8?Q?…?= or =?UTF-8?B?…?=) as text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, word: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('utf8') : fromQuotedPrintable(word, true),
    );
}

/** A MIME part's headers (folded lines joined) and its body as sent. */
function partOf(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'mi').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const body = raw.slice(split + 4);
  const bytes = () =>
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : Buffer.from(encoding === 'quoted-printable' ? fromQuotedPrintable(body) : body, 'utf8');
  return { header, body, bytes };
}

type ReceivedAttachment = { filename: string; contentType: string; content: Buffer };

/**
 * A received mail as a mail app shows it: the subject, the text, and the attached files (a
 * multipart/mixed mail's parts with Content-Disposition attachment).
 */
export function readMail(raw: string): { subject: string; text: string; attachments: ReceivedAttachment[] } {
  const mail = partOf(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(mail.header('Content-Type'))?.[1];
  // Between the first delimiter and the closing one ("--boundary--"), each after its line break.
  const parts = boundary
    ? mail.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => partOf(part.replace(/^\r\n/, '')))
    : [mail];
  const attached = (part: ReturnType<typeof partOf>) => /^attachment/i.test(part.header('Content-Disposition'));
  const text = parts.find((part) => !attached(part));
  return {
    subject: decodeWords(mail.header('Subject')),
    text: (text?.bytes().toString('utf8') ?? '').replace(/\r\n/g, '\n').trimEnd(),
    attachments: parts.filter(attached).map((part) => ({
      filename: /filename="?([^";]+)"?/i.exec(part.header('Content-Disposition'))?.[1] ?? '',
      contentType: part.header('Content-Type').split(';')[0].trim(),
      content: part.bytes(),
    })),
  };
}
