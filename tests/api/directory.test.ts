import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { P } from '@/domain/roles/permissions.js';
import { auditLogs, consents, files } from '@/server/db/schema/index.js';
import { MAX_DIRECTORY } from '@/server/modules/people/directory.js';
import { png } from '@/tests/support/images.js';
import { serverWithMembers } from '@/tests/support/members.js';
import { pagesOf, pdfText } from '@/tests/support/pdf.js';
import { addPerson } from '@/tests/support/people.js';
import { userWith } from '@/tests/support/roles.js';

/** The photo directory: the member list's photos and the printed directory (docs/decisions/0215-directory.md). */

const { s, admin, member } = await serverWithMembers();
afterAll(() => s.close());
const db = s.database.db;

/** The office without being an administrator: reads the member list, but not those hidden from leaders. */
const clerk = await userWith(s, [P.viewMembers]);

const SURNAME = 'Dirtest';
const people = {
  Ade: await addPerson(s, { firstName: 'Ade', surName: SURNAME, mobile1: '08011110001', gender: 'Male' }),
  Bisi: await addPerson(s, { firstName: 'Bisi', surName: SURNAME, mobile1: '08011110002', gender: 'Female' }),
  Chidi: await addPerson(s, { firstName: 'Chidi', surName: SURNAME, mobile1: '08011110003', gender: 'Male' }),
};
const hidden = await addPerson(s, { firstName: 'Hidden', surName: SURNAME, mobile1: '08011110009' });
const consent = (userId: string, category: 'listing' | 'directory', granted: boolean) =>
  db.insert(consents).values({ userId, category, granted, wording: 'v1' });
await consent(hidden, 'listing', false);
// Ade allows the directory to print his phone and email; Bisi said no; Chidi never chose.
await consent(people.Ade, 'directory', true);
await consent(people.Bisi, 'directory', false);
// Avatars stored before thumbnails existed (none kept): Ade's and the hidden person's.
for (const userId of [people.Ade, hidden]) {
  const data = png(300, 200);
  await db.insert(files).values({ userId, fileType: 'avatar', fileName: 'me.png', contentType: 'image/png', size: data.length, data });
}

async function get(path: string, token: string) {
  const res = await fetch(`${s.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
const directory = (qs: string, token = admin) => get(`/People/GetDirectory?${qs}`, token);
const thumbnail = (userId: string, token = admin) => get(`/Files/GetAvatarThumbnail?UserId=${userId}`, token);

describe('the printed directory', () => {
  it('is a PDF of the filtered member list, by surname, with a sensible page count', async () => {
    const res = await directory(`Search=${SURNAME}`);
    expect(res.status, res.bytes.toString()).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="directory-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pagesOf(res.bytes)).toBe(1);
    const text = pdfText(res.bytes);
    expect(text).toContain(`Ade ${SURNAME}`);
    expect(text.indexOf(`Ade ${SURNAME}`)).toBeLessThan(text.indexOf(`Chidi ${SURNAME}`));
    expect(text).toContain('3 people');
  });

  it('leaves out those who said no to listing even for the office, who sees them in the list', async () => {
    const list = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?Search=${SURNAME}&PageSize=100`, { token: admin });
    expect(list.body.data.map((r: { firstName: string }) => r.firstName)).toContain('Hidden');
    for (const qs of [`Search=${SURNAME}`, `Id=${hidden}&Id=${people.Bisi}`]) {
      const text = pdfText((await directory(qs)).bytes);
      expect(text).not.toContain('Hidden');
    }
  });

  it('prints phone and email only of those whose directory consent is a yes', async () => {
    const text = pdfText((await directory(`Search=${SURNAME}`)).bytes);
    expect(text).toContain('08011110001');
    expect(text).not.toContain('08011110002');
    expect(text).not.toContain('08011110003');
  });

  it('keeps to the filter and to the selection', async () => {
    const women = pdfText((await directory(`Search=${SURNAME}&Gender=Female`, clerk.token)).bytes);
    expect(women).toContain(`Bisi ${SURNAME}`);
    expect(women).not.toContain(`Ade ${SURNAME}`);
    const chosen = pdfText((await directory(`Id=${people.Ade}&Id=${people.Chidi}`, clerk.token)).bytes);
    expect(chosen).toContain(`Ade ${SURNAME}`);
    expect(chosen).toContain(`Chidi ${SURNAME}`);
    expect(chosen).not.toContain(`Bisi ${SURNAME}`);
    expect(chosen).toContain('2 people');
  });

  it('is audited with its filter and count', async () => {
    await directory(`Search=${SURNAME}&Gender=Male`, clerk.token);
    const rows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'directory'), eq(auditLogs.actorId, clerk.id)));
    expect(rows.at(-1)).toMatchObject({ action: 'export', after: { filter: { search: SURNAME, gender: 'Male' }, people: 2 } });
  });

  it('is refused (403) to a member, and refuses an unknown filter (400)', async () => {
    const refused = await directory(`Search=${SURNAME}`, member.token);
    expect(refused.status).toBe(403);
    expect((await directory('Colour=red')).status).toBe(400);
  });

  it(`holds at most ${MAX_DIRECTORY} people: more is a 400 that says how to narrow it`, async () => {
    await db.execute(sql`insert into users (email, first_name, sur_name, email_verified, is_first_timer)
      select 'capped' || g || '@example.org', 'Many', 'Capped', true, false from generate_series(1, ${MAX_DIRECTORY + 1}) g`);
    const res = await directory('Search=Capped');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.bytes.toString()).message).toBe(
      'A printed directory holds at most 2,000 people; narrow the filter or select fewer people',
    );
  });
});

describe("the member list's photos", () => {
  it("give each row its avatar's version, null without one", async () => {
    const list = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?Search=${SURNAME}&PageSize=100`, { token: clerk.token });
    const byName = Object.fromEntries(list.body.data.map((r: { firstName: string; avatar: string | null }) => [r.firstName, r.avatar]));
    expect(byName.Ade).toMatch(/^\d+$/);
    expect(byName.Bisi).toBeNull();
  });

  it('serve a small JPEG, made once and kept, that no browser cache keeps', async () => {
    const res = await thumbnail(people.Ade, clerk.token);
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(res.bytes.length).toBeLessThan(10_000);
    const [kept] = await db.select({ thumbnail: files.thumbnail }).from(files).where(eq(files.userId, people.Ade));
    expect(kept.thumbnail?.equals(res.bytes)).toBe(true);
  });

  it('follow the listing rule: a hidden person’s photo is a 404 to the office without CAN_UPDATE_OTHER_MEMBERS', async () => {
    expect((await thumbnail(hidden, clerk.token)).status).toBe(404);
    expect((await thumbnail(hidden, admin)).status).toBe(200);
    expect((await thumbnail(people.Bisi, clerk.token)).status).toBe(404);
    expect((await thumbnail(people.Ade, member.token)).status).toBe(403);
  });

  it('are made at the upload', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png(50, 50))], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${s.url}/api/Files/uploadfile?UserId=${member.id}&FileType=avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const [row] = await db.select({ thumbnail: files.thumbnail }).from(files).where(eq(files.userId, member.id));
    expect([...row.thumbnail!.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect((await thumbnail(member.id, member.token)).status).toBe(200);
  });
});
