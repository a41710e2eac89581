import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { messageAttachments } from '@/server/db/schema/index.js';
import { png } from '@/tests/support/images.js';
import { ADMIN_EMAIL, startServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/**
 * A message's attachments: kept and served under a name whose extension follows the type their
 * bytes show, and PDFs with active content (JavaScript, embedded files, launch actions) refused
 * with a 400 that says why.
 */

const s = await startServer();
afterAll(async () => {
  await s.close();
});
const admin = await s.login(ADMIN_EMAIL);
const recipient = await createUser(s);

/** POSTs the compose dialog's multipart form to the one recipient with these files. */
async function send(files: Array<[string, Buffer]>) {
  const form = new FormData();
  form.set('Title', 'Files');
  form.set('Body', 'See attached.');
  form.set('Audience', 'people');
  form.append('UserIds', recipient.id);
  for (const [name, data] of files) form.append('attachments', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${s.url}/api/Notification/sendnotifications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const pdf = (body: string) => latin1(`%PDF-1.4\n${body}\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

/** A PDF whose catalogue sits compressed in an object stream (PDF 1.5), where a plain search of the bytes sees nothing. */
function compressedPdf(dictionary: string) {
  const inner = deflateSync(latin1(`1 0 ${dictionary}`));
  return Buffer.concat([
    latin1(`%PDF-1.5\n5 0 obj\n<</Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${inner.length}>>\nstream\n`),
    inner,
    latin1('\nendstream\nendobj\n%%EOF\n'),
  ]);
}

describe('attachment names', () => {
  it('keeps and serves a file under its type’s extension: a PNG with HTML after it named evil.html is evil.png', async () => {
    const polyglot = Buffer.concat([png(2, 2), latin1('<html><script>alert(1)</script></html>')]);
    const res = await send([
      ['evil.html', polyglot],
      ['rota', pdf('1 0 obj<</Type/Catalog>>endobj')],
      ['Scan.PDF', pdf('1 0 obj<</Type/Catalog>>endobj')],
    ]);
    expect(res.status).toBe(200);
    const own = (await s.call('GET', '/Notification/GetAllNotifications', { token: recipient.token })).body.data[0];
    const detail = (await s.call('GET', `/Notification/GetNotification?id=${own.id}`, { token: recipient.token })).body.data;
    const names = detail.attachments.map((a: { fileName: string; contentType: string }) => [a.fileName, a.contentType]);
    expect(names).toEqual(
      expect.arrayContaining([
        ['evil.png', 'image/png'],
        ['rota.pdf', 'application/pdf'],
        ['Scan.PDF', 'application/pdf'],
      ]),
    );
    const picture = detail.attachments.find((a: { fileName: string }) => a.fileName === 'evil.png');
    const download = await fetch(`${s.url}/api/Notification/GetAttachment?id=${picture.id}`, {
      headers: { authorization: `Bearer ${recipient.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="evil.png"; filename*=UTF-8''evil.png`);
  });

  it('serves a file kept under another name before names followed types with its type’s extension', async () => {
    const res = await send([['old.png', png(1, 1)]]);
    expect(res.status).toBe(200);
    await s.database.db.update(messageAttachments).set({ fileName: 'old.html' }).where(eq(messageAttachments.fileName, 'old.png'));
    const own = (await s.call('GET', '/Notification/GetAllNotifications', { token: recipient.token })).body.data[0];
    const detail = (await s.call('GET', `/Notification/GetNotification?id=${own.id}`, { token: recipient.token })).body.data;
    expect(detail.attachments.map((a: { fileName: string }) => a.fileName)).toEqual(['old.png']);
    const download = await fetch(`${s.url}/api/Notification/GetAttachment?id=${detail.attachments[0].id}`, {
      headers: { authorization: `Bearer ${recipient.token}` },
    });
    expect(download.headers.get('content-disposition')).toContain('filename="old.png"');
  });
});

describe('PDFs with active content', () => {
  const refused: Array<[string, Buffer, RegExp]> = [
    ['open-action.pdf', pdf('1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj'), /JavaScript/],
    ['escaped.pdf', pdf('1 0 obj<</Type/Catalog/OpenAction 2 0 R>>endobj\n2 0 obj<</S/J#61vaScript/J#53 3 0 R>>endobj'), /JavaScript/],
    ['names.pdf', pdf('1 0 obj<</Type/Catalog/Names<</JavaScript 2 0 R>>>>endobj'), /JavaScript/],
    [
      'embedded.pdf',
      pdf(
        '1 0 obj<</Type/Catalog/Names<</EmbeddedFiles 2 0 R>>>>endobj\n3 0 obj<</Type/EmbeddedFile/Length 3>>stream\nabc\nendstream\nendobj',
      ),
      /embedded/,
    ],
    ['launch.pdf', pdf('1 0 obj<</Type/Catalog/OpenAction<</S/Launch/F(calc.exe)>>>>endobj'), /opens a program/],
    ['compressed.pdf', compressedPdf('<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>'), /JavaScript/],
  ];
  for (const [name, bytes, reason] of refused) {
    it(`refuses ${name} with a 400 that says why, sending nothing`, async () => {
      const res = await send([
        ['fine.png', png(1, 1)],
        [name, bytes],
      ]);
      expect(res.status).toBe(400);
      expect(res.body.succeeded).toBe(false);
      expect(res.body.message).toMatch(new RegExp(`^${name.replace('.', '\\.')} is a PDF with`));
      expect(res.body.message).toMatch(reason);
      expect(res.body.errors.attachments).toEqual([res.body.message]);
    });
  }

  it('refuses a PDF whose object stream cannot be read: what cannot be checked is not let through', async () => {
    const broken = Buffer.concat([
      latin1('%PDF-1.5\n5 0 obj\n<</Type/ObjStm/N 1/First 4/Filter/FlateDecode>>\nstream\n'),
      latin1('not deflate data'),
      latin1('\nendstream\nendobj\n%%EOF\n'),
    ]);
    const res = await send([['broken.pdf', broken]]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^broken\.pdf could not be checked for scripts and embedded files/);
  });

  it('takes a plain PDF, one with its dictionaries compressed, and one whose image data happens to hold /JS', async () => {
    const image = pdf(
      '1 0 obj<</Type/Catalog>>endobj\n4 0 obj<</Type/XObject/Subtype/Image/Filter/DCTDecode/Length 12>>stream\n/JS /Launch\nendstream\nendobj',
    );
    const res = await send([
      ['plain.pdf', pdf('1 0 obj<</Type/Catalog/OpenAction[3 0 R/Fit]>>endobj')],
      ['compressed.pdf', compressedPdf('<</Type/Catalog/Pages 2 0 R>>')],
      ['image.pdf', image],
    ]);
    expect(res.status).toBe(200);
  });
});
