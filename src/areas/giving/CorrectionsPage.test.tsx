// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, renderScreen, signInWith } from '@/tests/support/adminScreen';
import { CorrectionsPage } from './CorrectionsPage';

const api = fakeApi();
const APPROVER = ['CAN_VIEW_GIVING', 'CAN_APPROVE_GIVING'];
const ME = 'u-admin';

const base = { batchId: null, giverId: 'g1', giverName: 'Ada Okafor', currency: 'NGN', method: 'cash', awaitingApproval: true };
const split = (amount: number, fundName = 'Tithe') => [{ fundId: 'f1', fundName, amount }];
/** A refund I recorded, and a correction (its reversal and right entry) someone else recorded. */
const REFUND = {
  ...base,
  id: 'r1',
  kind: 'refund',
  date: '2026-11-20',
  amount: 50_000,
  reference: 'envelope 3',
  correctsId: 'old1',
  reason: 'Given twice',
  recordedBy: ME,
  splits: split(50_000),
};
const REVERSAL = {
  ...base,
  id: 'v1',
  kind: 'reversal',
  date: '2026-11-15',
  amount: 200_000,
  reference: null,
  correctsId: 'old2',
  reason: 'Wrong fund',
  recordedBy: 'u-other',
  splits: split(200_000),
};
const RIGHT = { ...REVERSAL, id: 'v2', kind: 'gift', splits: split(200_000, 'Building') };

function show(permissions = APPROVER) {
  signInWith(permissions, { id: ME });
  api.on('GET /Giving/GetPendingCorrections', () => ok([REFUND, REVERSAL, RIGHT]));
  api.on('PUT /Giving/ApproveCorrection', () => ok([]));
  renderScreen(<CorrectionsPage />, { path: '/giving/corrections' });
}

describe('/giving/corrections', () => {
  it('shows a correction as one card, with Approve for someone else than its recorder', async () => {
    show();
    const correction = await screen.findByRole('region', { name: /Correction: .*2,000\.00 taken back/ });
    expect(within(correction).getByText(/Takes back .*2,000\.00 from Tithe/)).toBeTruthy();
    expect(within(correction).getByText(/Records instead .*2,000\.00 from Ada Okafor, Building, Cash, on 2026-11-15/)).toBeTruthy();
    expect(within(correction).getByText('Reason: Wrong fund')).toBeTruthy();
    fireEvent.click(within(correction).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('PUT /Giving/ApproveCorrection')).toHaveLength(1));
    expect(api.callsTo('PUT /Giving/ApproveCorrection')[0].query).toMatchObject({ id: 'v1' });
  });

  it('hides Approve from whoever recorded the refund, and says why', async () => {
    show();
    const refund = await screen.findByRole('region', { name: /Refund of .*500\.00/ });
    expect(within(refund).getByText('You recorded this: someone else approves it.')).toBeTruthy();
    expect(within(refund).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('offers no Approve to a reader without the right', async () => {
    show(['CAN_VIEW_GIVING']);
    await screen.findByRole('region', { name: /Correction/ });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getAllByText('Waiting for someone who may approve it.')).toHaveLength(1);
  });
});
