// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Contribution } from '@/domain/giving/schemas';
import { fakeApi, ok, renderScreen, signInWith } from '@/tests/support/adminScreen';
import { MyGivingCard } from './MyGivingCard';

const api = fakeApi();

const year = new Date().getFullYear();
const gift = (over: Partial<Contribution>): Contribution => ({
  id: 'c',
  batchId: 'b1',
  giverId: 'me',
  householdId: null,
  giverName: 'Ada Okafor',
  date: `${year}-03-01`,
  amount: 100_000,
  currency: 'NGN',
  method: 'cash',
  reference: null,
  kind: 'gift',
  correctsId: null,
  reason: null,
  awaitingApproval: false,
  splits: [{ fundId: 'f1', fundName: 'Tithe', amount: over.amount ?? 100_000 }],
  ...over,
});

describe("'My giving' with gifts given in the family's name (docs/decisions/0244)", () => {
  it("marks the family's gifts and totals them apart from one's own", async () => {
    signInWith([]);
    api.on('GET /Giving/GetMine', () =>
      ok([
        gift({ id: 'own' }),
        gift({ id: 'family', giverId: null, householdId: 'h1', giverName: 'Okafor family', amount: 500_000, date: `${year}-04-01` }),
      ]),
    );
    renderScreen(<MyGivingCard />, { path: '/' });
    const mine = await screen.findByRole('list', { name: 'My giving' });
    expect(within(mine).getByText('Tithe · Gift · Given in the name of Okafor family')).toBeTruthy();
    expect(within(mine).getByText('Tithe · Gift')).toBeTruthy();
    expect(screen.getByText(`In ${year}: ₦1,000.00`)).toBeTruthy();
    expect(screen.getByText(`Given in the name of Okafor family in ${year}: ₦5,000.00`)).toBeTruthy();
  });
});
