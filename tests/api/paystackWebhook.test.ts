import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { localDay } from '@/domain/common/localTime.js';
import { P } from '@/domain/roles/permissions.js';
import { auditLogs, contributionSplits, contributions, givingFunds } from '@/server/db/schema/index.js';
import { ADMIN_EMAIL, startServer, startSibling, type TestServer } from '@/tests/support/server.js';
import { userWith } from '@/tests/support/roles.js';
import { createUser } from '@/tests/support/users.js';

/**
 * Paystack's webhook (docs/decisions/0233-paystack-webhook.md): notices signed here as Paystack
 * signs them (hex HMAC-SHA512 of the body with the secret key), each recorded once by its
 * reference; the office matches the gifts whose giver Flock could not tell.
 */

const SECRET = `sk_test_${randomUUID().replace(/-/g, '')}`;
const s = await startServer({ paystackSecretKey: SECRET });
afterAll(() => s.close());
const db = s.database.db;
const admin = await s.login(ADMIN_EMAIL);
const counter = await userWith(s, [P.recordGiving]);
const reader = await userWith(s, [P.viewGiving]);
const giver = await createUser(s);
/** A phone nobody else holds (every other test account has the default one). */
const PHONE = `0803${randomInt(1_000_000, 9_999_999)}`;
const phoneGiver = await createUser(s, { overrides: { mobile1: PHONE } });

const sign = (body: string, secret = SECRET) => createHmac('sha512', secret).update(body).digest('hex');

/** POSTs the bytes with a signature (by default the right one), as Paystack delivers them. */
async function deliver(body: string, opts: { signature?: string | null; to?: TestServer } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature = opts.signature === undefined ? sign(body) : opts.signature;
  if (signature !== null) headers['x-paystack-signature'] = signature;
  const res = await fetch(`${(opts.to ?? s).url}/api/Giving/PaystackWebhook`, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as { succeeded: boolean; message: string } };
}

type Data = Record<string, unknown>;

/** A charge.success notice as Paystack writes it (its shape, with a fresh reference). */
function notice(data: Data = {}, event = 'charge.success') {
  const reference = `T${randomUUID().replace(/-/g, '').slice(0, 15)}`;
  const payload = {
    event,
    data: {
      id: randomInt(1_000_000),
      domain: 'test',
      status: 'success',
      reference,
      amount: 250_000,
      gateway_response: 'Successful',
      paid_at: '2026-11-22T09:30:00.000Z',
      created_at: '2026-11-22T09:29:40.000Z',
      channel: 'card',
      currency: 'NGN',
      metadata: 0,
      customer: { id: 1, first_name: 'Chidi', last_name: 'Okeke', email: 'nobody-here@example.net', phone: null },
      authorization: { authorization_code: 'AUTH_x', card_type: 'visa', last4: '4081' },
      ...data,
    },
  };
  return { reference, body: JSON.stringify(payload) };
}

const rowsOf = (reference: string) => db.select().from(contributions).where(eq(contributions.reference, reference));

async function splitsOf(id: string) {
  return db
    .select({ fund: givingFunds.name, amount: contributionSplits.amount })
    .from(contributionSplits)
    .innerJoin(givingFunds, eq(givingFunds.id, contributionSplits.fundId))
    .where(eq(contributionSplits.contributionId, id));
}

describe('a signed charge.success', () => {
  it('is recorded once, counted at once, its giver found by email whatever its case', async () => {
    const { reference, body } = notice({ customer: { email: giver.email.toUpperCase(), phone: null } });
    const res = await deliver(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await rowsOf(reference);
    expect(row).toMatchObject({
      provider: 'paystack',
      giverId: giver.id,
      amount: 250_000,
      currency: 'NGN',
      method: 'card',
      kind: 'gift',
      batchId: null,
      awaitingMatch: false,
      payer: null,
      // The day paid in the church's time zone (the server's).
      date: localDay(new Date('2026-11-22T09:30:00.000Z')),
    });
    expect(row.approvedAt).not.toBeNull();
    expect(await splitsOf(row.id)).toEqual([{ fund: 'Offering', amount: 250_000 }]);
    // It counts: in the church's contributions and in the giver's own giving.
    const list = await s.call('GET', `/Giving/GetContributions?Search=${reference}`, { token: reader.token });
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([row.id]);
    const mine = await s.call('GET', '/Giving/GetMine', { token: giver.token });
    expect(mine.body.data.map((c: { id: string }) => c.id)).toContain(row.id);
  });

  it('delivered again is answered 200 and records nothing more', async () => {
    const { reference, body } = notice();
    expect((await deliver(body)).status).toBe(200);
    const again = await deliver(body);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Already recorded');
    expect(await rowsOf(reference)).toHaveLength(1);
  });

  it('delivered twice at the same moment records one gift, both answered 200', async () => {
    const { reference, body } = notice({ amount: 75_000 });
    const answers = await Promise.all([deliver(body), deliver(body), deliver(body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const rows = await rowsOf(reference);
    expect(rows).toHaveLength(1);
    expect(await splitsOf(rows[0].id)).toHaveLength(1);
  });

  it('a bank transfer is a transfer; another currency is kept', async () => {
    const { reference, body } = notice({ channel: 'bank_transfer', currency: 'USD', amount: 5_000 });
    expect((await deliver(body)).status).toBe(200);
    expect((await rowsOf(reference))[0]).toMatchObject({ method: 'transfer', currency: 'USD', amount: 5_000 });
  });

  it('finds the giver by the last ten digits of the phone when the email is unknown', async () => {
    const { reference, body } = notice({ customer: { email: 'someone-else@example.net', phone: `+234 ${PHONE.slice(1)}` } });
    expect((await deliver(body)).status).toBe(200);
    expect((await rowsOf(reference))[0]).toMatchObject({ giverId: phoneGiver.id, awaitingMatch: false });
  });
});

describe('the fund', () => {
  it('is the one metadata.fund names, by name in any case or by id, when in use', async () => {
    const building = (await db.select().from(givingFunds).where(eq(givingFunds.name, 'Building')))[0];
    const byName = notice({ metadata: { fund: 'building' } });
    const byId = notice({ metadata: JSON.stringify({ fund: building.id }) });
    for (const n of [byName, byId]) expect((await deliver(n.body)).status).toBe(200);
    for (const n of [byName, byId])
      expect(await splitsOf((await rowsOf(n.reference))[0].id)).toEqual([{ fund: 'Building', amount: 250_000 }]);
  });

  it('is the offering when the named fund is unknown or retired', async () => {
    const added = await s.call('POST', '/Giving/CreateFund', { token: admin, body: { name: `Harvest ${randomUUID().slice(0, 6)}` } });
    expect((await s.call('PUT', `/Giving/RetireFund?id=${added.body.data.id}`, { token: admin })).status).toBe(200);
    const unknown = notice({ metadata: { fund: 'No such fund' } });
    const retired = notice({ metadata: { fund: added.body.data.name } });
    for (const n of [unknown, retired]) expect((await deliver(n.body)).status).toBe(200);
    for (const n of [unknown, retired])
      expect(await splitsOf((await rowsOf(n.reference))[0].id)).toEqual([{ fund: 'Offering', amount: 250_000 }]);
  });
});

describe('refused, and nothing recorded', () => {
  it('a wrong, missing or short signature: 401', async () => {
    const { reference, body } = notice();
    expect((await deliver(body, { signature: sign(body, 'sk_test_someone_else') })).status).toBe(401);
    expect((await deliver(body, { signature: null })).status).toBe(401);
    expect((await deliver(body, { signature: 'abc' })).status).toBe(401);
    // Signed, then altered: the signature covers the bytes.
    expect((await deliver(body.replace('250000', '990000'), { signature: sign(body) })).status).toBe(401);
    expect(await rowsOf(reference)).toEqual([]);
  });

  it('without PAYSTACK_SECRET_KEY the call is not there: 404', async () => {
    const keyless = await startSibling(s, {});
    try {
      const { reference, body } = notice();
      const res = await deliver(body, { to: keyless });
      expect(res.status).toBe(404);
      expect(await rowsOf(reference)).toEqual([]);
    } finally {
      await keyless.close();
    }
  });

  it('an amount that is not a whole number of kobo above zero: 400', async () => {
    for (const amount of [2500.5, '250000', 0, -100]) {
      const { reference, body } = notice({ amount });
      const res = await deliver(body);
      expect(res.status, String(amount)).toBe(400);
      expect(await rowsOf(reference)).toEqual([]);
    }
  });

  it('a body over 64 kB: 413', async () => {
    const { reference, body } = notice({ padding: 'x'.repeat(70 * 1024) });
    expect((await deliver(body)).status).toBe(413);
    expect(await rowsOf(reference)).toEqual([]);
  });

  it('another event is answered 200 and ignored', async () => {
    const { reference, body } = notice({}, 'transfer.success');
    const res = await deliver(body);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/Ignored/);
    expect(await rowsOf(reference)).toEqual([]);
  });
});

describe('a gift whose giver is not found', () => {
  // The default test phone is everybody's: a phone several people hold matches nobody.
  const unmatched = notice({ customer: { first_name: 'Amaka', last_name: 'Eze', email: 'amaka@example.net', phone: '08012345678' } });

  it('is recorded without a giver and listed for the office with what Paystack said of the payer', async () => {
    expect((await deliver(unmatched.body)).status).toBe(200);
    const [row] = await rowsOf(unmatched.reference);
    expect(row).toMatchObject({ giverId: null, awaitingMatch: true });
    const list = await s.call('GET', '/Giving/GetUnmatchedContributions', { token: reader.token });
    expect(list.status).toBe(200);
    const listed = list.body.data.find((c: { id: string }) => c.id === row.id);
    expect(listed).toMatchObject({
      provider: 'paystack',
      amount: 250_000,
      giverId: null,
      payer: { name: 'Amaka Eze', email: 'amaka@example.net', phone: '08012345678' },
    });
  });

  it('is matched once by a counter (409 after), then counts as the giver’s', async () => {
    const [row] = await rowsOf(unmatched.reference);
    const body = { id: row.id, giverId: giver.id };
    expect((await s.call('PUT', '/Giving/MatchContribution', { token: reader.token, body })).status).toBe(403);
    const matched = await s.call('PUT', '/Giving/MatchContribution', { token: counter.token, body });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    expect(matched.body.data).toMatchObject({ id: row.id, giverId: giver.id });
    expect((await rowsOf(unmatched.reference))[0]).toMatchObject({ giverId: giver.id, awaitingMatch: false, payer: null });
    const again = await s.call('PUT', '/Giving/MatchContribution', { token: counter.token, body: { id: row.id, giverId: counter.id } });
    expect(again.status).toBe(409);
    const list = await s.call('GET', '/Giving/GetUnmatchedContributions', { token: reader.token });
    expect(list.body.data.map((c: { id: string }) => c.id)).not.toContain(row.id);
    const mine = await s.call('GET', '/Giving/GetMine', { token: giver.token });
    expect(mine.body.data.map((c: { id: string }) => c.id)).toContain(row.id);
  });

  it('takes its refunds, recorded before the match, to the same person', async () => {
    const { reference, body } = notice({ customer: { email: 'early-refund@example.net', phone: null } });
    expect((await deliver(body)).status).toBe(200);
    const [row] = await rowsOf(reference);
    const [offering] = await db.select().from(givingFunds).where(eq(givingFunds.name, 'Offering'));
    const refund = await s.call('POST', '/Giving/Refund', {
      token: counter.token,
      body: {
        contributionId: row.id,
        date: row.date,
        amount: 50_000,
        reason: 'Paid twice',
        splits: [{ fundId: offering.id, amount: 50_000 }],
      },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.data.giverId).toBeNull();
    expect(
      (await s.call('PUT', '/Giving/MatchContribution', { token: counter.token, body: { id: row.id, giverId: giver.id } })).status,
    ).toBe(200);
    const [after] = await db.select().from(contributions).where(eq(contributions.id, refund.body.data.id));
    expect(after.giverId).toBe(giver.id);
  });

  it('a gift not waiting for a match is not matched here (409), nor an unknown one (404)', async () => {
    const [hand] = await db.select().from(contributions).where(eq(contributions.awaitingMatch, false)).limit(1);
    expect(
      (await s.call('PUT', '/Giving/MatchContribution', { token: counter.token, body: { id: hand.id, giverId: giver.id } })).status,
    ).toBe(409);
    expect(
      (await s.call('PUT', '/Giving/MatchContribution', { token: counter.token, body: { id: randomUUID(), giverId: giver.id } })).status,
    ).toBe(404);
  });
});

describe('the audit trail and the log', () => {
  it('record the gift and its match, never the amount nor the giver', async () => {
    const amount = 123_456_789;
    const { reference, body } = notice({ amount, customer: { email: 'stranger@example.net', phone: null } });
    const lines: string[] = [];
    const logged = await startSibling(s, {
      paystackSecretKey: SECRET,
      logLevel: 'trace',
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      expect((await deliver(body, { to: logged })).status).toBe(200);
    } finally {
      await logged.close();
    }
    const [row] = await rowsOf(reference);
    expect(
      (await s.call('PUT', '/Giving/MatchContribution', { token: counter.token, body: { id: row.id, giverId: giver.id } })).status,
    ).toBe(200);
    const audited = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, row.id), inArray(auditLogs.action, ['create', 'update'])));
    expect(audited.map((a) => a.action).sort()).toEqual(['create', 'update']);
    const text = JSON.stringify(audited.map((a) => [a.before, a.after, a.subjectId]));
    expect(text).not.toMatch(/123456789|amount|stranger|giver/i);
    expect(text).not.toContain(giver.id);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain(reference);
    expect(lines.join('\n')).not.toMatch(/123456789|stranger@example/);
  });
});
