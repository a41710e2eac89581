import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs, files } from '@/server/db/schema/index.js';
import { jpeg, png, pngOfSize, SAFE_SVG, zip } from '@/tests/support/images.js';
import { serverWithMembers } from '@/tests/support/members.js';
import { createUser } from '@/tests/support/users.js';

/** The avatar: upload on one's own profile, judged by its bytes, served back as base64. */

const { s, admin, member, other } = await serverWithMembers();
afterAll(() => s.close());

type FileSpec = { name: string; type: string; bytes: Buffer | string };

/** POST /Files/uploadfile as the web app sends it: query parameters, and the same in the form. */
async function upload(token: string | undefined, userId: string, file: FileSpec, fileType = 'avatar') {
  const form = new FormData();
  form.append('UserId', userId);
  form.append('FileType', fileType);
  form.append('file', new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${s.url}/api/Files/uploadfile?UserId=${userId}&FileType=${fileType}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const avatarOf = (userId: string, token: string) => s.call('GET', `/UserManagement/GetUserAvatar?UserId=${userId}`, { token });
const storedAvatars = (userId: string) => s.database.db.select().from(files).where(eq(files.userId, userId));

const invalid = (name: string) => `${name} is not a valid image file (SVG, JPEG, JPG, PNG allowed)`;

describe('uploading an avatar', () => {
  it('stores a PNG and serves it back as {fileBase64, contentType}', async () => {
    const bytes = png(4, 4);
    const res = await upload(member.token, member.id, { name: 'me.png', type: 'image/png', bytes });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fileName: 'me.png', contentType: 'image/png', size: bytes.length });
    const served = await avatarOf(member.id, member.token);
    expect(served.body.data).toEqual({ fileBase64: bytes.toString('base64'), contentType: 'image/png' });
    const [row] = await s.database.db.select().from(auditLogs).where(eq(auditLogs.entityId, res.body.data.id));
    expect(row).toMatchObject({ action: 'create', entity: 'avatar', actorId: member.id });
    expect(row.after).toEqual({ id: res.body.data.id, fileName: 'me.png', contentType: 'image/png', size: bytes.length });
  });

  it('replaces the avatar with the next upload, typed by its bytes (a JPEG named .jpg)', async () => {
    const res = await upload(member.token, member.id, { name: 'photo.JPG', type: 'application/octet-stream', bytes: jpeg() });
    expect(res.status).toBe(200);
    expect((await avatarOf(member.id, member.token)).body.data.contentType).toBe('image/jpeg');
    expect(await storedAvatars(member.id)).toHaveLength(1);
  });

  it('keeps the file under a name whose extension follows its bytes (a PNG sent as evil.html is evil.png)', async () => {
    const someone = await createUser(s);
    const res = await upload(someone.token, someone.id, { name: 'evil.html', type: 'text/html', bytes: png(2, 2) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fileName: 'evil.png', contentType: 'image/png' });
    const [row] = await storedAvatars(someone.id);
    expect(row.fileName).toBe('evil.png');
  });

  it('stores a safe SVG as it is', async () => {
    const res = await upload(member.token, member.id, { name: 'logo.svg', type: 'image/svg+xml', bytes: SAFE_SVG });
    expect(res.status).toBe(200);
    const served = (await avatarOf(member.id, member.token)).body.data;
    expect(served.contentType).toBe('image/svg+xml');
    expect(Buffer.from(served.fileBase64, 'base64').toString('utf8')).toBe(SAFE_SVG);
  });

  it('refuses an SVG with a script (415) and keeps the avatar it had', async () => {
    const evil = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
    const res = await upload(member.token, member.id, { name: 'evil.svg', type: 'image/svg+xml', bytes: evil });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      succeeded: false,
      message: 'evil.svg is not a safe SVG image: scripts, event handlers, foreignObject and external references are not allowed',
    });
    const handler = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>';
    expect((await upload(member.token, member.id, { name: 'h.svg', type: 'image/svg+xml', bytes: handler })).status).toBe(415);
    expect((await avatarOf(member.id, member.token)).body.data.contentType).toBe('image/svg+xml');
  });

  it.each([
    ['a ZIP', zip()],
    ['an HTML page', '<!doctype html><html><script>alert(1)</script></html>'],
    ['a PNG with a ZIP after it', Buffer.concat([png(), zip()])],
    ['a text file', 'This is not a picture.\n'],
    ['a PHP script', '<?php echo "hello"; ?>\n'],
    ['an XML file with a stylesheet', '<?xml version="1.0"?>\n<?xml-stylesheet href="x.css"?>\n<note>hi</note>'],
  ])('refuses %s renamed .png and sent as image/png (415)', async (_, bytes) => {
    const res = await upload(member.token, member.id, { name: 'avatar.png', type: 'image/png', bytes });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ succeeded: false, message: invalid('avatar.png') });
  });

  it('refuses a file over 800KB with 413, and takes one of exactly 819200 bytes', async () => {
    const over = await upload(member.token, member.id, { name: 'big.png', type: 'image/png', bytes: pngOfSize(819201) });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      succeeded: false,
      message: 'big.png exceeds the maximum file size (800KB)',
      requestId: expect.any(String),
    });
    const huge = await upload(member.token, member.id, { name: 'huge.png', type: 'image/png', bytes: Buffer.alloc(3 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const edge = await upload(member.token, member.id, { name: 'edge.png', type: 'image/png', bytes: pngOfSize(819200) });
    expect(edge.status).toBe(200);
    expect(edge.body.data.size).toBe(819200);
  });

  it("allows upload only on one's own profile, for administrators too", async () => {
    const file = { name: 'x.png', type: 'image/png', bytes: png() };
    const res = await upload(member.token, other.id, file);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You are not authorised');
    expect((await upload(admin, other.id, file)).status).toBe(403);
    expect((await upload(undefined, other.id, file)).status).toBe(401);
    expect(await storedAvatars(other.id)).toHaveLength(0);
  });

  it('refuses another FileType and a body that is not multipart', async () => {
    const res = await upload(member.token, member.id, { name: 'x.png', type: 'image/png', bytes: png() }, 'document');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("FileType must be 'avatar'");
    const json = await s.call('POST', `/Files/uploadfile?UserId=${member.id}&FileType=avatar`, {
      body: { file: 'x' },
      token: member.token,
    });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe('Send the file as multipart/form-data');
  });
});

describe('reading an avatar', () => {
  it('answers null data for a member without one', async () => {
    const res = await avatarOf(other.id, other.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
  });

  it("refuses a member another member's avatar, and lets those who view members read it", async () => {
    expect((await avatarOf(member.id, other.token)).status).toBe(403);
    expect((await avatarOf(member.id, admin)).body.data.contentType).toBe('image/png');
  });
});
