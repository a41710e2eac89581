// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { UnmatchedPage } from './UnmatchedPage';

const api = fakeApi();

const GIFT = {
  id: 'c1',
  batchId: null,
  giverId: null,
  householdId: null,
  giverName: null,
  date: '2026-11-20',
  amount: 40_000,
  currency: 'NGN',
  method: 'card',
  reference: 'PS-1',
  kind: 'gift',
  correctsId: null,
  reason: null,
  awaitingApproval: false,
  splits: [{ fundId: 'f1', fundName: 'Offering', amount: 40_000 }],
  provider: 'paystack',
  payer: { name: 'C. Eze', email: null, phone: null },
  recordedAt: '2026-11-20T10:00:00Z',
};

describe('an online gift matched to a family (docs/decisions/0244)', () => {
  it('sends the family chosen as its HouseholdId, without a person', async () => {
    signInWith(['CAN_VIEW_GIVING', 'CAN_CREATE_GIVING']);
    api.on('GET /Giving/GetUnmatchedContributions', () => ok([GIFT]));
    api.on('GET /ChurchAffiliation/GetMemberQuery', () => rows([]));
    api.on('GET /Households/GetAll', () => rows([{ id: 'h-eze', name: 'Eze family', address: null, head: null, members: 2 }]));
    api.on('PUT /Giving/MatchContribution', () => ok({ ...GIFT, householdId: 'h-eze', giverName: 'Eze family' }));
    renderScreen(<UnmatchedPage />, { path: '/giving/unmatched' });
    const card = await screen.findByRole('region', { name: /400\.00 on 2026-11-20/ });
    const match = within(card).getByRole('button', { name: 'Match' }) as HTMLButtonElement;
    fireEvent.click(within(card).getByRole('radio', { name: 'A family, in its name' }));
    expect(match.disabled).toBe(true);
    fireEvent.change(within(card).getByRole('combobox', { name: /^Family/ }), { target: { value: 'Eze' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Eze family' }));
    fireEvent.click(match);
    await waitFor(() =>
      expect(api.callsTo('PUT /Giving/MatchContribution').map((c) => c.body)).toEqual([{ id: 'c1', householdId: 'h-eze' }]),
    );
  });
});
