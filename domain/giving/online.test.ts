import { describe, expect, it } from 'vitest';
import { fundHintOf, methodOfChannel, payerOf, paystackChargeSchema } from './online.js';

describe("reading Paystack's charge", () => {
  it('takes what it needs whatever else is missing or null', () => {
    const charge = paystackChargeSchema.parse({
      reference: ' T1 ',
      amount: 5_000,
      customer: { email: 'Ada@Example.ORG', phone: null },
      metadata: 0,
    });
    expect(charge).toMatchObject({ reference: 'T1', amount: 5_000, currency: 'NGN', channel: null, paid_at: null });
    expect(payerOf(charge)).toEqual({ name: null, email: 'ada@example.org', phone: null });
    expect(payerOf(paystackChargeSchema.parse({ reference: 'T2', amount: 1, customer: 'odd' }))).toEqual({
      name: null,
      email: null,
      phone: null,
    });
  });

  it('refuses an amount that is not a whole number of kobo above zero, and a missing reference', () => {
    for (const amount of [10.5, '100', 0, -1, null]) expect(paystackChargeSchema.safeParse({ reference: 'T', amount }).success).toBe(false);
    expect(paystackChargeSchema.safeParse({ amount: 100 }).success).toBe(false);
  });

  it('reads the method from the channel and the fund from the metadata, as an object or as JSON text', () => {
    expect(['card', 'apple_pay', 'bank_transfer', 'ussd', null].map(methodOfChannel)).toEqual([
      'card',
      'card',
      'transfer',
      'transfer',
      'transfer',
    ]);
    expect([{ fund: ' Building ' }, '{"fund":"Missions"}', 0, '', 'not json', { fund: 3 }, ['x']].map(fundHintOf)).toEqual([
      'Building',
      'Missions',
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
