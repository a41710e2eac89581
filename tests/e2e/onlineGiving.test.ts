import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, startE2e, type E2e } from './harness.js';
import { choose, expectHeading, expectToast, signIn } from './pages.js';
import { PHONE, userId } from './routeWalk.js';

/** The church's Paystack key: the server this file starts reads it from its environment. */
const SECRET = `sk_test_${randomUUID().replace(/-/g, '')}`;
const MEMBER = { email: 'member@example.org', name: 'Adaeze Okafor' };

let e2e: E2e;
beforeAll(async () => {
  process.env.PAYSTACK_SECRET_KEY = SECRET;
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
  delete process.env.PAYSTACK_SECRET_KEY;
});

/** Paystack's notice of a card gift from a payer Flock does not know, signed as Paystack signs it. */
async function deliverUnknownPayersGift() {
  const body = JSON.stringify({
    event: 'charge.success',
    data: {
      reference: `T${randomUUID().slice(0, 12)}`,
      amount: 250_000,
      currency: 'NGN',
      channel: 'card',
      paid_at: new Date().toISOString(),
      metadata: { fund: 'Missions' },
      customer: { first_name: 'Chidi', last_name: 'Okeke', email: 'chidi.okeke@example.net', phone: null },
    },
  });
  const signature = createHmac('sha512', SECRET).update(body).digest('hex');
  const res = await fetch(`${e2e.url}/api/Giving/PaystackWebhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    body,
  });
  expect(res.status).toBe(200);
}

describe('online giving on a phone (issue 36)', () => {
  it('an online gift from an unknown payer waits for the office, which matches it to the member, who then sees it', async () => {
    await deliverUnknownPayersGift();

    const office = await e2e.newPage();
    await office.setViewportSize(PHONE);
    await signIn(office, e2e.url, ADMIN.email, ADMIN.password);
    await office.goto(`${e2e.url}/giving/unmatched`);
    await expectHeading(office, 'Online gifts to match');
    const gift = office.getByRole('region', { name: /2,500\.00 on/ });
    await gift.getByText(/Chidi Okeke · chidi\.okeke@example\.net/).waitFor();
    await gift.getByText(/Given online \(Paystack\), Missions, Card/).waitFor();
    expect(await gift.getByRole('button', { name: 'Match' }).isDisabled()).toBe(true);
    await choose(gift, 'Who gave it', new RegExp(MEMBER.name), 'Adaeze');
    await gift.getByRole('button', { name: 'Match' }).click();
    await expectToast(office, 'Gift matched to its giver');
    await office.getByText('Every online gift has its giver.').waitFor();
    await office.close();

    const member = await e2e.newPage();
    await member.setViewportSize(PHONE);
    await signIn(member, e2e.url, MEMBER.email, DEMO_PASSWORD);
    await member.goto(`${e2e.url}/profile/${await userId(e2e, MEMBER.email)}`);
    await member
      .getByRole('list', { name: 'My giving' })
      .getByText(/2,500\.00/)
      .waitFor();
    await member.close();
  });
});
