import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { P } from '@/domain/roles/permissions.js';
import { auditLogs, biodata, centers, churchAffiliations, departments, userDepartments, users, zones } from '@/server/db/schema/index.js';
import { rowsOf } from '@/server/db/queries.js';
import { addPerson } from '@/tests/support/people.js';
import { userWith } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer } from '@/tests/support/server.js';
import { paddedXlsx, xlsxOf } from '@/tests/support/workbooks.js';

/** The spreadsheet import: upload and mapping, the preview's problems, all-or-nothing and the good rows. */

const s = await startServer();
afterAll(() => s.close());
const db = s.database.db;
const admin = await s.login(ADMIN_EMAIL);
const viewer = await userWith(s, [P.viewMembers]);

const tag = randomUUID().slice(0, 6);
const [dept] = await db
  .insert(departments)
  .values({ departmentName: `Choir ${tag}` })
  .returning();
const [zone] = await db
  .insert(zones)
  .values({ zoneName: `Ikeja ${tag}` })
  .returning();
const [center] = await db
  .insert(centers)
  .values({ zoneId: zone.id, centerName: `Allen ${tag}` })
  .returning();
const existingEmail = `taken-${tag}@example.org`;
await addPerson(s, { email: existingEmail, mobile1: '0803 000 1111' });

const email = (n: string) => `imp-${tag}-${n}@example.org`;

async function upload(name: string, bytes: Uint8Array<ArrayBuffer> | string, token = admin) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${s.url}/api/MemberImport/Upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: await res.json() };
}

const post = (path: string, body: unknown, token = admin) => s.call('POST', `/MemberImport/${path}`, { body, token });

const HEADER = 'Full Name,Phone Number,E-mail,Sex,DOB,Address,Department,Zone,Centre';
const goodLine = (n: string, phone: string) =>
  `"Ada ${n} Obi",${phone},${email(n)},F,12/03/1990,"1, Allen Avenue",Choir ${tag},Ikeja ${tag},Allen ${tag}`;
const CSV = [
  HEADER,
  goodLine('a', '0803 111 0001'),
  goodLine('b', '+2348031110002'),
  `Chidi,0803 111 0003,${email('c')},M,,,,,`, // no last name
  `Bad Phone,12ab,${email('d')},M,,,,,`,
  `Bad Email,08031110005,not-an-email,M,,,,,`,
  `Unknown Dept,08031110006,${email('f')},M,,,Nowhere ${tag},,`,
  `Unknown Place,08031110007,${email('g')},M,,,,Mars ${tag},`,
  `Taken Email,08031110008,${existingEmail},M,,,,,`,
  `Taken Phone,08030001111,${email('i')},M,,,,,`,
  `Twin Email,08031110010,${email('a')},M,,,,,`,
].join('\r\n');

describe('upload and mapping', () => {
  it('reads a CSV with a BOM and quotes, and maps the columns by their headers', async () => {
    const res = await upload('people.csv', `\uFEFF${CSV}`);
    expect(res.status).toBe(200);
    const { headers, rows, mapping } = res.body.data;
    expect(headers[0]).toBe('Full Name');
    expect(rows).toHaveLength(10);
    expect(rows[0][5]).toBe('1, Allen Avenue');
    expect(mapping).toMatchObject({
      name: 0,
      phone: 1,
      email: 2,
      gender: 3,
      dateOfBirth: 4,
      address: 5,
      department: 6,
      zone: 7,
      center: 8,
    });
    expect(mapping.firstName).toBeNull();
  });

  it('refuses binary that is not a workbook, and callers without the right', async () => {
    expect((await upload('x.bin', new Uint8Array([1, 0, 2, 0]))).status).toBe(400);
    expect((await upload('people.csv', CSV, viewer.token)).status).toBe(403);
  });
});

describe('preview and commit', () => {
  const sheet = async () => (await upload('people.csv', CSV)).body.data;

  it("shows each row's problems and writes nothing", async () => {
    const { rows, mapping } = await sheet();
    const res = await post('Preview', { rows, mapping });
    expect(res.status).toBe(200);
    const { total, good, bad, rows: checked } = res.body.data;
    expect({ total, good, bad }).toEqual({ total: 10, good: 2, bad: 8 });
    // The rows with problems only, each as read: the good ones are counted, not sent back.
    expect(checked.map((r: { line: number }) => r.line)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    const problems = (line: number) => checked.find((r: { line: number }) => r.line === line).problems.join(' | ');
    expect(checked[0]).toMatchObject({ firstName: 'Chidi', email: email('c'), gender: 'Male' });
    expect(problems(4)).toMatch(/Last name is missing/);
    expect(problems(5)).toMatch(/Bad phone/);
    expect(problems(6)).toMatch(/Bad email/);
    expect(problems(7)).toMatch(/Unknown department/);
    expect(problems(8)).toMatch(/Unknown zone/);
    expect(problems(9)).toMatch(/already has the email/);
    expect(problems(10)).toMatch(/already has the phone/);
    expect(problems(11)).toMatch(/Same email as line 2/);
    expect(
      await db
        .select()
        .from(users)
        .where(eq(users.email, email('a'))),
    ).toHaveLength(0);
  });

  it('answers the first 100 rows with problems and counts them all', async () => {
    const { mapping } = await sheet();
    const rows = Array.from({ length: 150 }, (_, i) => [`Solo${i}`, '', '', 'M', '', '', '', '', '']);
    const res = await post('Preview', { rows, mapping });
    expect(res.body.data).toMatchObject({ total: 150, good: 0, bad: 150 });
    expect(res.body.data.rows).toHaveLength(100);
    expect(res.body.data.rows[0]).toMatchObject({ line: 2, firstName: 'Solo0' });
    expect(res.body.data.rows[0].problems).toContain('Last name is missing');
  });

  it("refuses mode 'all' when any row has a problem, and writes nothing", async () => {
    const { rows, mapping } = await sheet();
    const res = await post('Commit', { rows, mapping, mode: 'all' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/8 of 10 rows have problems/);
    expect(
      await db
        .select()
        .from(users)
        .where(eq(users.email, email('a'))),
    ).toHaveLength(0);
  });

  it("imports the good rows with mode 'good', as members with biodata, affiliation and department, audited", async () => {
    const { rows, mapping } = await sheet();
    const res = await post('Commit', { rows, mapping, mode: 'good' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ imported: 2, skipped: 8 });
    const [a] = await db
      .select()
      .from(users)
      .where(eq(users.email, email('a')));
    expect(a).toMatchObject({ isFirstTimer: false, emailVerified: true, passwordHash: null, firstName: 'Ada' });
    const [bio] = await db.select().from(biodata).where(eq(biodata.userId, a.id));
    expect(bio).toMatchObject({ mobile1: '08031110001', dateOfBirth: '1990-03-12', address: '1, Allen Avenue', gender: 'Female' });
    expect(await db.select().from(churchAffiliations).where(eq(churchAffiliations.userId, a.id))).toMatchObject([
      { zoneId: zone.id, centerId: center.id },
    ]);
    expect(await db.select().from(userDepartments).where(eq(userDepartments.userId, a.id))).toMatchObject([{ departmentId: dept.id }]);
    const trail = await db.select().from(auditLogs).where(eq(auditLogs.entity, 'memberImport'));
    expect(trail.at(-1)!.after).toMatchObject({ count: 2, kind: 'member' });
    // Imported again, the same rows are now duplicates of members.
    const again = await post('Preview', { rows, mapping });
    expect(again.body.data.good).toBe(0);
    const listed = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?Search=${encodeURIComponent(email('b'))}`, { token: admin });
    expect(listed.body.data.map((m: { email: string }) => m.email)).toEqual([email('b')]);
    // The directory row is complete: biodata and affiliation written in the same statement as the user.
    expect(listed.body.data[0]).toMatchObject({ phoneNumber: '+2348031110002', zoneName: `Ikeja ${tag}`, centerName: `Allen ${tag}` });
    // Exactly what a sync from the source tables computes: syncing the imported people again
    // (it skips rows that would not change) leaves every column as it was.
    const imported = sql`select * from member_directory where user_id = any(${sql.param(res.body.data.userIds)}::uuid[]) order by user_id`;
    const before = rowsOf(await db.execute(imported));
    const resynced = rowsOf(await db.execute(sql`select * from member_directory_sync(${sql.param(res.body.data.userIds)}::uuid[])`));
    expect(resynced).toHaveLength(1);
    expect(before).toHaveLength(2);
    expect(rowsOf(await db.execute(imported))).toEqual(before);
  });

  it('imports every row with mode all when none has a problem, and first-timers when told so', async () => {
    const csv = [HEADER, goodLine('x', '08031119001'), goodLine('y', '08031119002')].join('\n');
    const { rows, mapping } = (await upload('ft.csv', csv)).body.data;
    const res = await post('Commit', { rows, mapping, mode: 'all', kind: 'firsttimer' });
    expect(res.status).toBe(200);
    expect(res.body.data.imported).toBe(2);
    const created = await db
      .select()
      .from(users)
      .where(inArray(users.email, [email('x'), email('y')]));
    expect(created.map((u) => u.isFirstTimer)).toEqual([true, true]);
  });
});

describe('XLSX', () => {
  it('reads a workbook built with exceljs, dates included, and the imported people are in the member list', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Members');
    sheet.addRow(['First Name', 'Surname', 'Mobile', 'Email', 'Gender', 'Date of birth', 'Zone']);
    sheet.addRow(['Kemi', 'Xlsx', '08032220001', email('k'), 'Female', new Date(Date.UTC(1985, 6, 4)), `Ikeja ${tag}`]);
    sheet.addRow(['Femi', 'Xlsx', '08032220002', email('l'), 'Male', '', '']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const res = await upload('people.xlsx', bytes);
    expect(res.status).toBe(200);
    const { rows, mapping } = res.body.data;
    expect(mapping).toMatchObject({ firstName: 0, surName: 1, phone: 2, email: 3, gender: 4, dateOfBirth: 5, zone: 6, name: null });
    expect(rows[0][5]).toBe('1985-07-04');
    const commit = await post('Commit', { rows, mapping, mode: 'all' });
    expect(commit.status).toBe(200);
    const listed = await s.call('GET', `/ChurchAffiliation/GetMemberQuery?Search=Xlsx`, { token: admin });
    expect(listed.body.data.map((m: { email: string }) => m.email).sort()).toEqual([email('k'), email('l')]);
  });
});

describe('reading a file off the event loop, within limits', () => {
  /** Uploads over node:http, to know when the whole file has been handed to the socket. */
  function uploadRaw(bytes: Uint8Array<ArrayBuffer>) {
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'large.xlsx');
    const request = new Request(s.url, { method: 'POST', body: form });
    let sent!: () => void;
    const whenSent = new Promise<void>((resolve) => (sent = resolve));
    const answered = request.arrayBuffer().then(
      (body) =>
        new Promise<{ status: number; body: any }>((resolve, reject) => {
          const req = http.request(`${s.url}/api/MemberImport/Upload`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${admin}`,
              'content-type': request.headers.get('content-type')!,
              'content-length': body.byteLength,
            },
          });
          req.on('response', (res) => {
            let text = '';
            res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
          });
          req.on('error', reject);
          req.end(Buffer.from(body), sent);
        }),
    );
    return { whenSent, answered };
  }

  it('answers the health check while a large workbook is read', async () => {
    const rows = Array.from({ length: 4000 }, (_, i) => [
      `Big ${i} Sheet`,
      `0803${String(i).padStart(7, '0')}`,
      `big.${tag}.${i}@example.org`,
    ]);
    const upload = uploadRaw(await xlsxOf(['Name', 'Phone', 'Email'], rows));
    await upload.whenSent;
    const order: string[] = [];
    const health = fetch(`${s.url}/api/health`).then((res) => {
      order.push('health');
      return res.status;
    });
    const answered = upload.answered.then((res) => {
      order.push('upload');
      return res;
    });
    expect(await health).toBe(200);
    const res = await answered;
    expect(res.status).toBe(200);
    expect(res.body.data.rows).toHaveLength(4000);
    expect(res.body.data.rows[3999]).toEqual(['Big 3999 Sheet', '08030003999', `big.${tag}.3999@example.org`]);
    // The file is read in another thread: the health check did not wait for it.
    expect(order).toEqual(['health', 'upload']);
  });

  it('reads a workbook zipped by other tools than ExcelJS', async () => {
    const res = await upload(
      'small.xlsx',
      new Uint8Array(
        paddedXlsx(
          [
            ['Name', 'Email'],
            ['Ada Obi', email('z')],
          ],
          1,
        ),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ headers: ['Name', 'Email'], rows: [['Ada Obi', email('z')]] });
  });

  it('refuses a zip bomb: a small workbook whose sheet unpacks to more than 40 MB, stated or not', async () => {
    for (const lie of [false, true]) {
      const bomb = paddedXlsx([['Name'], ['Ada Obi']], 41, lie);
      expect(bomb.length).toBeLessThan(100_000);
      const res = await upload('bomb.xlsx', new Uint8Array(bomb));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The workbook unpacks to more than 40 MB; at most 40 MB are read');
      expect(res.body.errors).toEqual({ file: ['Choose a CSV or XLSX file'] });
    }
  });

  it('refuses files with more columns or rows than an import takes', async () => {
    const wide = [Array.from({ length: 201 }, (_, i) => `c${i}`).join(','), Array.from({ length: 201 }, () => 'x').join(',')].join('\n');
    const res = await upload('wide.csv', wide);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The file has 201 columns; at most 200 are read');
    const long = ['Name', ...Array.from({ length: 25_001 }, (_, i) => `P${i}`)].join('\n');
    const refused = await upload('long.csv', long);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The file has 25,001 rows; at most 25,000 are imported at once');
  });
});
