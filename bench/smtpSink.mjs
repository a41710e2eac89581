/**
 * The mail benchmark's SMTP server on a thread of its own (a mail server is another machine, so
 * its work must not share the outbox worker's event loop). Plain JavaScript: a worker thread does
 * not take tsx's loader here. Posts { port } when listening; on 'count', answers how many mails
 * arrived, how many recipients got more than one, and by Message-ID: how many distinct and how
 * many copies beyond the first (bench/mailCrash.ts); on 'stop', closes.
 */
import { parentPort } from 'node:worker_threads';
import { SMTPServer } from 'smtp-server';

const perRecipient = new Map();
const perMessageId = new Map();
let mails = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, done) {
    let head = '';
    stream.on('data', (chunk) => {
      if (head.length < 4096) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      mails++;
      const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1];
      if (id) perMessageId.set(id, (perMessageId.get(id) ?? 0) + 1);
      for (const r of session.envelope.rcptTo) perRecipient.set(r.address, (perRecipient.get(r.address) ?? 0) + 1);
      done();
    });
  },
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.server.address().port }));
parentPort.on('message', (message) => {
  if (message === 'count') {
    const twice = [...perRecipient.values()].filter((n) => n > 1).length;
    const copies = [...perMessageId.values()].reduce((n, c) => n + c - 1, 0);
    parentPort.postMessage({ mails, twice, messageIds: perMessageId.size, copies });
  } else if (message === 'stop') server.close(() => process.exit(0));
});
