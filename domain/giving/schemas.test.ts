import { describe, expect, it } from 'vitest';
import { addEntrySchema, batchDifference, formatKobo, nairaToKobo, splitsAddUp } from './schemas';

const FUND = '11111111-1111-4111-8111-111111111111';
const entry = (amount: unknown, splits: unknown[] = [{ fundId: FUND, amount }]) => ({
  batchId: FUND,
  date: '2026-11-22',
  amount,
  method: 'cash',
  splits,
});

describe('amounts in kobo', () => {
  it('takes whole kobo above zero only: a float, text, zero or a negative amount is refused', () => {
    expect(addEntrySchema.safeParse(entry(150_050)).success).toBe(true);
    for (const amount of [1500.5, '150050', 0, -1, Number.MAX_SAFE_INTEGER + 1]) {
      expect(addEntrySchema.safeParse(entry(amount)).success, String(amount)).toBe(false);
    }
  });

  it('wants the splits to add up to the amount', () => {
    expect(splitsAddUp(1000, [{ amount: 600 }, { amount: 400 }])).toBe(true);
    expect(splitsAddUp(1000, [{ amount: 600 }, { amount: 399 }])).toBe(false);
    const res = addEntrySchema.safeParse(entry(1000, [{ fundId: FUND, amount: 999 }]));
    expect(res.success).toBe(false);
    expect(res.error?.issues[0].message).toBe('The splits must add up to the amount');
  });

  it('defaults the currency to NGN', () => {
    expect(addEntrySchema.parse(entry(100)).currency).toBe('NGN');
  });
});

describe('the running difference of a batch', () => {
  it('is the counted total less the entries so far; negative when more was entered', () => {
    expect(batchDifference(750_000, [])).toBe(750_000);
    expect(batchDifference(750_000, [{ amount: 500_000 }, { amount: 250_000 }])).toBe(0);
    expect(batchDifference(750_000, [{ amount: 500_000 }, { amount: 300_000 }])).toBe(-50_000);
  });

  it('shows as naira with kobo', () => {
    expect(formatKobo(150_050)).toBe(new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(1500.5));
    expect(formatKobo(150_050)).toMatch(/1,500\.50/);
  });
});

describe('naira typed by a counter', () => {
  it('becomes kobo exactly, by the digits', () => {
    expect(nairaToKobo('1500')).toBe(150_000);
    expect(nairaToKobo('1,500.5')).toBe(150_050);
    expect(nairaToKobo('₦ 2,000.05')).toBe(200_005);
    expect(nairaToKobo('0.29')).toBe(29);
    expect(nairaToKobo('19.99')).toBe(1999);
  });

  it('refuses what is not naira and kobo above zero', () => {
    for (const typed of ['', 'abc', '1.234', '-5', '0', '0.00', '1,50', '1e3']) expect(nairaToKobo(typed), typed).toBeNull();
  });
});

describe('the giver (docs/decisions/0244)', () => {
  const FAMILY = '22222222-2222-4222-8222-222222222222';
  it('is a person, a family or nobody; both is refused on the family, with one clear message', () => {
    expect(addEntrySchema.safeParse({ ...entry(100), giverId: FUND }).success).toBe(true);
    expect(addEntrySchema.safeParse({ ...entry(100), householdId: FAMILY }).success).toBe(true);
    expect(addEntrySchema.safeParse(entry(100)).success).toBe(true);
    const both = addEntrySchema.safeParse({ ...entry(100), giverId: FUND, householdId: FAMILY });
    expect(both.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['householdId', 'A gift is given by a person or by a family, not both'],
    ]);
  });
});
