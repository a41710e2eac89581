import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { P } from '@/domain/roles/permissions.js';
import type { Statement } from '@/domain/giving/statements.js';
import { auditLogs, outbox } from '@/server/db/schema/index.js';
import { userWith } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer, startSibling } from '@/tests/support/server.js';
import { pagesOf, pdfText } from '@/tests/support/pdf.js';
import { readMail, startSmtpReceiver } from '@/tests/support/smtp.js';
import { createUser } from '@/tests/support/users.js';

/**
 * Giving statements (docs/decisions/0235-giving-statements.md): each giver's contributions that
 * count in a period with totals per fund, refunds against; as data, as a PDF with its progress,
 * and mailed in the giver's language to those whose choices allow it.
 */

const s = await startServer();
const smtp = await startSmtpReceiver();
// The mailing server: its outbox worker sends what the first server queued.
const mailing = await startSibling(s, { smtpUrl: smtp.url, outbox: { idleMs: 20 } });
afterAll(async () => {
  await mailing.close();
  await s.close();
  await smtp.close();
});
const db = s.database.db;
const admin = await s.login(ADMIN_EMAIL);

const counter = await userWith(s, [P.recordGiving]);
const approver = await userWith(s, [P.approveGiving]);
const viewer = await userWith(s, [P.viewGiving]);
const member = await createUser(s);

const ada = await createUser(s, { overrides: { firstName: 'Ada', surName: 'Alpha' } });
const bisi = await createUser(s, { overrides: { firstName: 'Bisi', surName: 'Beta', language: 'fr' } });
const chidi = await createUser(s, { overrides: { firstName: 'Chidi', surName: 'Gamma' } });
const dayo = await createUser(s, { overrides: { firstName: 'Dayo', surName: 'Delta' } });

type Res = { status: number; body: any; headers: Headers };
async function ok(method: string, path: string, token: string, body?: unknown): Promise<any> {
  const res: Res = await s.call(method, path, { token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

const funds: Array<{ id: string; name: string }> = await ok('GET', '/Giving/GetFunds', admin);
const fund = (name: string) => funds.find((f) => f.name === name)!.id;

type Gift = { giverId: string | null; date: string; amount: number; splits: Array<[string, number]>; method?: string; reference?: string };

/** One batch of these gifts, posted by the counter and approved by the approver; answers the entries' ids in order. */
async function approvedBatch(gifts: Gift[], approve = true): Promise<string[]> {
  const total = gifts.reduce((sum, g) => sum + g.amount, 0);
  const batch = await ok('POST', '/Giving/CreateBatch', counter.token, { name: 'Service', date: '2025-06-01', countedTotal: total });
  const ids: string[] = [];
  for (const g of gifts) {
    const after = await ok('POST', '/Giving/AddEntry', counter.token, {
      batchId: batch.id,
      giverId: g.giverId,
      date: g.date,
      amount: g.amount,
      method: g.method ?? 'cash',
      reference: g.reference ?? null,
      splits: g.splits.map(([name, amount]) => ({ fundId: fund(name), amount })),
    });
    ids.push(after.contributions.find((c: { id: string }) => !ids.includes(c.id)).id);
  }
  await ok('PUT', `/Giving/PostBatch?id=${batch.id}`, counter.token);
  if (approve) await ok('PUT', `/Giving/ApproveBatch?id=${batch.id}`, approver.token);
  return ids;
}

const [adaTithe] = await approvedBatch([
  {
    giverId: ada.id,
    date: '2025-03-02',
    amount: 150_000,
    splits: [
      ['Tithe', 100_000],
      ['Missions', 50_000],
    ],
    method: 'transfer',
    reference: 'TRF-1',
  },
  { giverId: ada.id, date: '2025-07-06', amount: 30_000, splits: [['Offering', 30_000]] },
  // Outside the period, on either side.
  { giverId: ada.id, date: '2024-12-31', amount: 999_000, splits: [['Tithe', 999_000]] },
  { giverId: ada.id, date: '2026-01-01', amount: 888_000, splits: [['Tithe', 888_000]] },
  { giverId: bisi.id, date: '2025-05-04', amount: 70_000, splits: [['Welfare', 70_000]] },
  { giverId: chidi.id, date: '2025-05-04', amount: 40_000, splits: [['Offering', 40_000]] },
  { giverId: dayo.id, date: '2025-05-04', amount: 60_000, splits: [['Offering', 60_000]] },
  // Anonymous: in nobody's statement.
  { giverId: null, date: '2025-05-04', amount: 5_000, splits: [['Offering', 5_000]] },
]);
// A batch not yet approved: not given yet.
await approvedBatch([{ giverId: ada.id, date: '2025-08-03', amount: 777_000, splits: [['Tithe', 777_000]] }], false);
// A refund of part of Ada's tithe, approved: it counts against; another, waiting for approval, does not.
const refund = await ok('POST', '/Giving/Refund', counter.token, {
  contributionId: adaTithe,
  date: '2025-09-01',
  amount: 20_000,
  reason: 'Given twice',
  splits: [{ fundId: fund('Tithe'), amount: 20_000 }],
});
await ok('PUT', `/Giving/ApproveCorrection?id=${refund.id}`, approver.token);
await ok('POST', '/Giving/Refund', counter.token, {
  contributionId: adaTithe,
  date: '2025-09-02',
  amount: 10_000,
  reason: 'Waiting',
  splits: [{ fundId: fund('Tithe'), amount: 10_000 }],
});

const YEAR = 'From=2025-01-01&To=2025-12-31';
const totals = (st: Statement) => Object.fromEntries(st.totals.map((t) => [t.fundName, t.amount]));

describe('the statements of a period', () => {
  it("hold each giver's contributions of the period only, by fund, refunds against", async () => {
    const statements: Statement[] = await ok('GET', `/Giving/GetStatements?${YEAR}`, viewer.token);
    expect(statements.map((st) => st.giverName)).toEqual(['Ada Alpha', 'Bisi Beta', 'Dayo Delta', 'Chidi Gamma']);
    const [adaSt, bisiSt] = statements;
    expect(totals(adaSt)).toEqual({ Tithe: 80_000, Missions: 50_000, Offering: 30_000 });
    expect(adaSt.grandTotals).toEqual([{ currency: 'NGN', amount: 160_000 }]);
    expect(adaSt.lines.map((l) => [l.date, l.fundName, l.kind, l.amount])).toEqual([
      ['2025-03-02', 'Missions', 'gift', 50_000],
      ['2025-03-02', 'Tithe', 'gift', 100_000],
      ['2025-07-06', 'Offering', 'gift', 30_000],
      ['2025-09-01', 'Tithe', 'refund', -20_000],
    ]);
    expect(adaSt.lines[0]).toMatchObject({ method: 'transfer', reference: 'TRF-1' });
    expect(bisiSt).toMatchObject({ language: 'fr', totals: [{ fundName: 'Welfare', amount: 70_000, currency: 'NGN' }] });
  });

  it('of one giver hold theirs only; a period without gifts holds nobody', async () => {
    const one: Statement[] = await ok('GET', `/Giving/GetStatements?${YEAR}&GiverId=${bisi.id}`, viewer.token);
    expect(one.map((st) => st.giverId)).toEqual([bisi.id]);
    const dayOnly: Statement[] = await ok('GET', '/Giving/GetStatements?From=2025-07-06&To=2025-07-06', viewer.token);
    expect(dayOnly.map((st) => [st.giverName, st.grandTotals[0].amount])).toEqual([['Ada Alpha', 30_000]]);
    expect(await ok('GET', '/Giving/GetStatements?From=2023-01-01&To=2023-12-31', viewer.token)).toEqual([]);
  });

  it('refuse a period that ends before it starts (400), and whoever does not read giving (403)', async () => {
    expect((await s.call('GET', '/Giving/GetStatements?From=2025-12-31&To=2025-01-01', { token: viewer.token })).status).toBe(400);
    for (const token of [member.token, counter.token, approver.token]) {
      expect((await s.call('GET', `/Giving/GetStatements?${YEAR}`, { token })).status).toBe(403);
      expect((await s.call('GET', `/Giving/DownloadStatements?${YEAR}`, { token })).status).toBe(403);
    }
  });
});

describe('the PDF', () => {
  it('is one file for every giver, audited with the period and the count, never an amount', async () => {
    const res = await fetch(`${s.url}/api/Giving/DownloadStatements?${YEAR}`, { headers: { authorization: `Bearer ${viewer.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('giving-statements-2025-01-01-to-2025-12-31.pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    // One page per giver here: each statement starts on its own page.
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(4);
    const rows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'givingStatement'), eq(auditLogs.action, 'export'), eq(auditLogs.actorId, viewer.id)));
    expect(rows.map((r) => r.after)).toContainEqual({ from: '2025-01-01', to: '2025-12-31', giverId: null, givers: 4 });
    expect(JSON.stringify(rows)).not.toMatch(/160000|80000|70000/);
  });

  it('comes with its progress as lines the screen reads: the count, each giver done, the file in pieces, the end', async () => {
    const res = await fetch(`${s.url}/api/Giving/DownloadStatements?${YEAR}&Format=progress`, {
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await res.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { total?: number; done?: number; pdf?: string; end?: boolean; givers?: number });
    expect(lines[0]).toEqual({ total: 4 });
    expect(lines.filter((l) => l.done !== undefined).map((l) => l.done)).toEqual([1, 2, 3, 4]);
    expect(lines.at(-1)).toMatchObject({ end: true, givers: 4 });
    const pdf = Buffer.concat(lines.filter((l) => l.pdf).map((l) => Buffer.from(l.pdf!, 'base64')));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(4);
  });

  it('of one giver is theirs alone, and a period without gifts is a page that says so', async () => {
    const one = await fetch(`${s.url}/api/Giving/DownloadStatements?${YEAR}&GiverId=${ada.id}`, {
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    expect(one.status).toBe(200);
    expect(one.headers.get('content-disposition')).toContain('giving-statement-2025-01-01-to-2025-12-31.pdf');
    expect(
      Buffer.from(await one.arrayBuffer())
        .toString('latin1')
        .match(/\/Type \/Page\b/g),
    ).toHaveLength(1);
    const none = await fetch(`${s.url}/api/Giving/DownloadStatements?From=2023-01-01&To=2023-01-31`, {
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    expect(none.status).toBe(200);
    expect(
      Buffer.from(await none.arrayBuffer())
        .toString('latin1')
        .match(/\/Type \/Page\b/g),
    ).toHaveLength(1);
  });
});

describe('mailing the statements', () => {
  it('is refused (403) to whoever does not count giving, a reader of giving too', async () => {
    for (const token of [member.token, viewer.token, approver.token]) {
      const res = await s.call('POST', '/Giving/MailStatements', { token, body: { from: '2025-01-01', to: '2025-12-31' } });
      expect(res.status).toBe(403);
    }
  });

  it('sends each giver their own in their language, only where their choices allow it; audited with the counts', async () => {
    // Chidi opted out of statement mails; Dayo said no to email altogether.
    expect(
      (await s.call('PUT', '/Notification/UpdateEmailPreferences', { token: chidi.token, body: { optedOut: ['statements'] } })).status,
    ).toBe(200);
    expect((await s.call('PUT', '/Stewardship/UpdateMyConsents', { token: dayo.token, body: { email: false } })).status).toBe(200);

    const outcome = await ok('POST', '/Giving/MailStatements', counter.token, { from: '2025-01-01', to: '2025-12-31' });
    expect(outcome).toEqual({ givers: 4, mailed: 2, withoutConsent: 2 });

    // The text is short and holds no amount: the statement is the PDF attached.
    const en = readMail((await smtp.waitFor(ada.email)).raw);
    expect(en.subject).toBe('Flock: Your giving statement');
    expect(en.text).toMatch(
      /^Hello Ada,\n\nYour giving statement for 1 January 2025 to 31 December 2025, as the church has recorded it, is attached as a PDF\./,
    );
    expect(en.text).toContain('You receive this mail because Flock mails you your giving statements.');
    expect(en.text).not.toMatch(/NGN|\d[.,]\d\d\b/);
    expect(en.attachments).toHaveLength(1);
    const [enPdf] = en.attachments;
    expect(enPdf).toMatchObject({ filename: 'giving-statement-2025-01-01-to-2025-12-31.pdf', contentType: 'application/pdf' });
    expect(enPdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pagesOf(enPdf.content)).toBe(1);
    const enText = pdfText(enPdf.content);
    expect(enText).toContain('Flock: Giving statement');
    expect(enText).toContain('Ada Alpha');
    expect(enText).toContain('NGN 800.00');
    expect(enText).toContain('NGN 1,600.00');
    expect(enText).toContain('Refund');
    expect(enText).not.toContain('Bisi');
    expect(enText).not.toContain('9,990.00');

    const fr = readMail((await smtp.waitFor(bisi.email)).raw);
    expect(fr.subject).toBe('Flock : Votre relevé de dons');
    expect(fr.text).toMatch(
      /^Bonjour Bisi,\n\nVous trouverez en pièce jointe \(PDF\) votre relevé de dons du 1 janvier 2025 au 31 décembre 2025/,
    );
    expect(fr.text).toContain('vos relevés de dons');
    expect(fr.text).not.toContain('NGN');
    expect(fr.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['releve-de-dons-2025-01-01-au-2025-12-31.pdf', 'application/pdf'],
    ]);
    const frText = pdfText(fr.attachments[0].content);
    expect(frText).toContain('Relevé de dons');
    expect(frText).toContain('Bisi Beta');
    expect(frText).toContain('700,00 NGN');

    // What the outbox holds is all there is: nothing queued for Chidi nor Dayo.
    const queued = await db
      .select({ to: outbox.to })
      .from(outbox)
      .where(and(eq(outbox.category, 'statements'), inArray(outbox.to, [chidi.email, dayo.email, ada.email, bisi.email])));
    expect(queued.map((m) => m.to).sort()).toEqual([ada.email, bisi.email].sort());
    // A row names the giver and the period, never an amount; the PDF was made as it left, kept nowhere.
    const rows = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.category, 'statements'), eq(outbox.to, ada.email)));
    expect(rows.map((r) => r.attachment)).toEqual([{ kind: 'givingStatement', giverId: ada.id, from: '2025-01-01', to: '2025-12-31' }]);
    expect(JSON.stringify(rows)).not.toMatch(/NGN|1,600|160000|800\.00/);
    expect(smtp.mails.some((m) => m.to.includes(chidi.email) || m.to.includes(dayo.email))).toBe(false);

    const [row] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'givingStatement'), eq(auditLogs.action, 'mail')));
    expect(row).toMatchObject({
      actorId: counter.id,
      after: { from: '2025-01-01', to: '2025-12-31', giverId: null, givers: 4, mailed: 2, withoutConsent: 2 },
    });
  });

  it('to one giver mails that giver alone', async () => {
    const outcome = await ok('POST', '/Giving/MailStatements', counter.token, { from: '2025-05-01', to: '2025-05-31', giverId: bisi.id });
    expect(outcome).toEqual({ givers: 1, mailed: 1, withoutConsent: 0 });
    const rows = await db
      .select({ to: outbox.to })
      .from(outbox)
      .where(and(eq(outbox.category, 'statements'), eq(outbox.to, bisi.email)));
    expect(rows).toHaveLength(2);
  });

  it('never leaves without its PDF: a giver with no statement any more fails the mail, and it is not sent', async () => {
    const eze = await createUser(s, { overrides: { firstName: 'Eze' } });
    const [row] = await db
      .insert(outbox)
      .values({
        to: eze.email,
        subject: 'Your giving statement',
        text: 'Attached.',
        category: 'statements',
        attachment: { kind: 'givingStatement', giverId: eze.id, from: '2025-01-01', to: '2025-12-31' },
      })
      .returning({ id: outbox.id });
    mailing.app.services.outbox.poke();
    const tried = await vi.waitFor(
      async () => {
        const [now] = await db.select().from(outbox).where(eq(outbox.id, row.id));
        expect(now.lastError).not.toBeNull();
        return now;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(tried).toMatchObject({ sentAt: null, lastError: 'the giver has no statement for the period any more' });
    expect(smtp.mails.some((m) => m.to.includes(eze.email))).toBe(false);
  });
});

describe("one's own data", () => {
  it("holds one's giving (JSON and the page), and nobody else's export does", async () => {
    const own = await s.call('GET', '/Stewardship/DownloadMyData', { token: ada.token });
    expect(own.status).toBe(200);
    const giving = own.body.records.giving as Array<{ id: string; amount: number }>;
    expect(giving.map((c) => c.id)).toContain(adaTithe);
    const page = await s.call('GET', '/Stewardship/DownloadMyData?Format=html', { token: ada.token });
    expect(page.status).toBe(200);
    expect(page.body).toContain(adaTithe);
    for (const someone of [counter, approver, viewer, bisi]) {
      const theirs = await s.call('GET', '/Stewardship/DownloadMyData', { token: someone.token });
      expect(JSON.stringify(theirs.body)).not.toContain(adaTithe);
    }
  });
});
