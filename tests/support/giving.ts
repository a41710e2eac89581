import { expect } from 'vitest';
import type { TestServer } from './server.js';

/**
 * Gifts that count, for the giving tests (docs/decisions/0227, 0234): one batch holding the
 * entries, entered and posted by a counter and approved by someone else.
 */
type GiftSpec = { giverId: string | null; householdId?: string; date: string; amount: number; fundId: string };

export async function approvedGifts(s: TestServer, counter: string, approver: string, gifts: GiftSpec[]) {
  const countedTotal = gifts.reduce((sum, g) => sum + g.amount, 0);
  const batch = await s.call('POST', '/Giving/CreateBatch', {
    body: { name: 'Counted', date: gifts[0].date, countedTotal },
    token: counter,
  });
  expect(batch.status, JSON.stringify(batch.body)).toBe(200);
  const ids: string[] = [];
  for (const g of gifts) {
    const res = await s.call('POST', '/Giving/AddEntry', {
      body: { batchId: batch.body.data.id, ...g, method: 'cash', splits: [{ fundId: g.fundId, amount: g.amount }] },
      token: counter,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The batch lists its entries by date: the new one is the id not seen before.
    ids.push((res.body.data.contributions as Array<{ id: string }>).map((c) => c.id).find((id) => !ids.includes(id))!);
  }
  expect((await s.call('PUT', `/Giving/PostBatch?id=${batch.body.data.id}`, { token: counter })).status).toBe(200);
  expect((await s.call('PUT', `/Giving/ApproveBatch?id=${batch.body.data.id}`, { token: approver })).status).toBe(200);
  return ids;
}

/** The funds by name. */
export async function fundIds(s: TestServer, token: string): Promise<Record<string, string>> {
  const res = await s.call('GET', '/Giving/GetFunds', { token });
  return Object.fromEntries((res.body.data as Array<{ id: string; name: string }>).map((f) => [f.name, f.id]));
}
