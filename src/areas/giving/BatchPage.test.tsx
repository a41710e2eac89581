// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BatchWithEntries } from '@/domain/giving/schemas';
import { fakeApi, ok, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { BatchPage } from './BatchPage';

const api = fakeApi();

const FUNDS = [
  { id: 'f-tithe', name: 'Tithe', retiredAt: null },
  { id: 'f-building', name: 'Building', retiredAt: null },
  { id: 'f-welfare', name: 'Welfare', retiredAt: null },
];
const BATCH: BatchWithEntries = {
  id: 'b1',
  name: 'Sunday first service',
  date: '2026-11-22',
  currency: 'NGN',
  countedTotal: 5_000_000,
  enteredTotal: 0,
  entries: 0,
  state: 'open',
  createdBy: 'u-other',
  postedBy: null,
  approvedBy: null,
  contributions: [],
};

function showBatch() {
  signInWith(['CAN_VIEW_GIVING', 'CAN_CREATE_GIVING']);
  api.on('GET /Giving/GetFunds', () => ok(FUNDS));
  api.on('GET /Giving/GetBatch', () => ok(BATCH));
  api.on('POST /Giving/AddEntry', () => ok(BATCH));
  // The pickers search people and families as they open.
  api.on('GET /ChurchAffiliation/GetMemberQuery', () => rows([]));
  api.on('GET /Households/GetAll', () => rows([]));
  renderScreen(<BatchPage />, { path: '/giving/batches/:id', at: '/giving/batches/b1' });
}

/** Picks a fund in one of the split's rows. */
async function chooseFund(form: HTMLElement, label: string, fund: string) {
  fireEvent.mouseDown(within(form).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: fund }));
}

describe("a batch's entry shared across funds", () => {
  it('says what is left to share out, adds only when the shares make the amount, and sends them as splits', async () => {
    showBatch();
    const form = await screen.findByRole('form', { name: 'Add entry' });
    fireEvent.change(within(form).getByLabelText(/^Amount \(₦\)/), { target: { value: '15,000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Split across funds' }));
    await chooseFund(form, 'Fund 1', 'Tithe');
    fireEvent.change(within(form).getByLabelText('Amount to fund 1 (₦)'), { target: { value: '10,000' } });
    await chooseFund(form, 'Fund 2', 'Building');
    fireEvent.change(within(form).getByLabelText('Amount to fund 2 (₦)'), { target: { value: '2,000' } });
    const add = within(form).getByRole('button', { name: 'Add entry' }) as HTMLButtonElement;
    expect(within(form).getByRole('status').textContent).toMatch(/Left to share out: ₦3,000\.00/);
    expect(add.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Amount to fund 2 (₦)'), { target: { value: '6,000' } });
    expect(within(form).getByRole('status').textContent).toMatch(/Shared out ₦1,000\.00 more than the amount/);
    expect(add.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Amount to fund 2 (₦)'), { target: { value: '5,000' } });
    expect(within(form).getByRole('status').textContent).toBe('The funds add up to the amount.');
    // A fund already chosen in another row is not offered again.
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Fund 2' }));
    expect(screen.queryByRole('option', { name: 'Tithe' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(add);
    await screen.findByRole('button', { name: 'Split across funds' });
    expect(api.callsTo('POST /Giving/AddEntry').map((c) => (c.body as { splits: unknown }).splits)).toEqual([
      [
        { fundId: 'f-tithe', amount: 1_000_000 },
        { fundId: 'f-building', amount: 500_000 },
      ],
    ]);
  });

  it('keeps one fund for a gift to one fund', async () => {
    showBatch();
    const form = await screen.findByRole('form', { name: 'Add entry' });
    fireEvent.change(within(form).getByLabelText(/^Amount \(₦\)/), { target: { value: '2500.50' } });
    await within(form).findByRole('combobox', { name: 'Fund' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add entry' }));
    await waitFor(() =>
      expect(api.callsTo('POST /Giving/AddEntry').map((c) => (c.body as { splits: unknown }).splits)).toEqual([
        [{ fundId: 'f-tithe', amount: 250_050 }],
      ]),
    );
  });
});

describe('a gift given in a family’s name (docs/decisions/0244)', () => {
  it('is entered by choosing the family, sent as its HouseholdId without a person, and listed as the family’s', async () => {
    showBatch();
    const FAMILY_ENTRY = {
      id: 'c1',
      batchId: 'b1',
      giverId: null,
      householdId: 'h-okafor',
      giverName: 'Okafor family',
      date: BATCH.date,
      amount: 1_000_000,
      currency: 'NGN',
      method: 'cash',
      reference: null,
      kind: 'gift',
      correctsId: null,
      reason: null,
      awaitingApproval: false,
      splits: [{ fundId: 'f-tithe', fundName: 'Tithe', amount: 1_000_000 }],
    };
    api.on('GET /Households/GetAll', ({ query }) =>
      rows(
        /okafor/i.test(query.Search ?? query.q ?? '')
          ? [{ id: 'h-okafor', name: 'Okafor family', address: null, head: null, members: 3 }]
          : [],
      ),
    );
    api.on('POST /Giving/AddEntry', () => ok({ ...BATCH, enteredTotal: 1_000_000, entries: 1, contributions: [FAMILY_ENTRY] }));
    const form = await screen.findByRole('form', { name: 'Add entry' });
    fireEvent.click(within(form).getByRole('radio', { name: 'A family, in its name' }));
    const family = within(form).getByRole('combobox', { name: /^Family/ });
    fireEvent.change(family, { target: { value: 'Okafor' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Okafor family' }));
    fireEvent.change(within(form).getByLabelText(/^Amount \(₦\)/), { target: { value: '10,000' } });
    await within(form).findByRole('combobox', { name: 'Fund' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add entry' }));
    await screen.findByText('Okafor family (family): ₦10,000.00');
    expect(api.callsTo('POST /Giving/AddEntry').map((c) => c.body)).toEqual([
      expect.objectContaining({ giverId: null, householdId: 'h-okafor', amount: 1_000_000 }),
    ]);
  });

  it('is not added until a family is chosen', async () => {
    showBatch();
    const form = await screen.findByRole('form', { name: 'Add entry' });
    fireEvent.change(within(form).getByLabelText(/^Amount \(₦\)/), { target: { value: '10,000' } });
    await within(form).findByRole('combobox', { name: 'Fund' });
    const add = within(form).getByRole('button', { name: 'Add entry' }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    fireEvent.click(within(form).getByRole('radio', { name: 'A family, in its name' }));
    expect(add.disabled).toBe(true);
  });
});
