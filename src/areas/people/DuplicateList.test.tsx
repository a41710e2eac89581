// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { DuplicateList } from './DuplicateList';

const api = fakeApi();

const ADA = {
  id: 'u1',
  fullName: 'Ada Obi',
  email: 'ada@example.org',
  phone: '08031110001',
  dateOfBirth: null,
  isFirstTimer: false,
  createdAt: '2026-01-01T00:00:00Z',
};
const ADA2 = {
  id: 'u2',
  fullName: 'Ada Obii',
  email: 'ada.obi@example.org',
  phone: '+2348031110001',
  dateOfBirth: '1990-04-02',
  isFirstTimer: true,
  createdAt: '2026-02-01T00:00:00Z',
};
const PAIR = { id: 'u1:u2', a: ADA, b: ADA2, reasons: ['phone'] };
const PREVIEW = {
  kept: ADA,
  merged: ADA2,
  fields: [
    { field: 'firstName', kept: 'Ada', merged: 'Ada', wins: 'kept' },
    { field: 'surName', kept: 'Obi', merged: 'Obii', wins: 'kept' },
    { field: 'dateOfBirth', kept: null, merged: '1990-04-02', wins: 'merged' },
    { field: 'address', kept: null, merged: null, wins: 'kept' },
  ],
  references: { notifications: 2, user_departments: 1 },
};

function showPairs(pairs: unknown[] = [PAIR]) {
  signInWith(['CAN_DELETE_MEMBERS', 'CAN_VIEW_MEMBERS']);
  api.on('GET /Duplicates/GetPairs', () => rows(pairs));
  api.on('GET /Duplicates/MergePreview', () => ok(PREVIEW));
  renderScreen(<DuplicateList />, { path: '/duplicates' });
}

describe('the duplicates screen', () => {
  it('lists each pair with why it matches, and dismisses a pair', async () => {
    showPairs();
    const card = within(await screen.findByRole('listitem', { name: 'Ada Obi / Ada Obii' }));
    expect(card.getByText('Same phone')).toBeTruthy();
    expect(card.getByText('First-timer')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Ada Obii' }).getAttribute('href')).toBe('/profile/u2');
    api.on('POST /Duplicates/Dismiss', () => ok({ userA: 'u1', userB: 'u2' }));
    fireEvent.click(card.getByRole('button', { name: 'Not the same person: Ada Obi / Ada Obii' }));
    expect(await screen.findByText('The pair will not be suggested again')).toBeTruthy();
    expect(api.callsTo('POST /Duplicates/Dismiss')[0].body).toEqual({ userId: 'u1', otherId: 'u2' });
  });

  it('says so when there is no likely duplicate', async () => {
    showPairs([]);
    expect(await screen.findByText(/No likely duplicates/)).toBeTruthy();
  });

  it('previews the merge field by field, and merges with the values chosen', async () => {
    showPairs();
    const card = within(await screen.findByRole('listitem', { name: 'Ada Obi / Ada Obii' }));
    api.on('POST /Duplicates/Merge', () => ok({ keptId: 'u1', mergedId: 'u2' }));
    fireEvent.click(card.getByRole('button', { name: 'Merge: Ada Obi / Ada Obii' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Merge Ada Obi and Ada Obii' }));
    // Both hold a last name: a choice; only the merged one holds a birth date: it comes along.
    const keepObii = await dialog.findByRole('radio', { name: 'Keep Obii for Last name' });
    expect((dialog.getByRole('radio', { name: 'Keep Obi for Last name' }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.getByText('Date of birth: 1990-04-02')).toBeTruthy();
    expect(dialog.queryByText(/Address/)).toBeNull();
    expect(dialog.getByText('Moved to the kept record: notifications (2), user departments (1)')).toBeTruthy();
    expect(dialog.getByText(/its email and password no longer sign in/)).toBeTruthy();
    expect(api.callsTo('GET /Duplicates/MergePreview')[0].query).toEqual({ KeepId: 'u1', MergeId: 'u2' });
    fireEvent.click(keepObii);
    fireEvent.click(dialog.getByRole('button', { name: 'Merge the records' }));
    expect(await screen.findByText('The two records are now one')).toBeTruthy();
    expect(api.callsTo('POST /Duplicates/Merge')[0].body).toEqual({ keepId: 'u1', mergeId: 'u2', choices: { surName: 'merged' } });
  });

  it('keeps the other record when chosen, and shows a refusal in the dialog', async () => {
    showPairs();
    const card = within(await screen.findByRole('listitem', { name: 'Ada Obi / Ada Obii' }));
    api.on('POST /Duplicates/Merge', () => refusal(404, 'The record to merge was not found'));
    fireEvent.click(card.getByRole('button', { name: 'Merge: Ada Obi / Ada Obii' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('radio', { name: 'Ada Obii (ada.obi@example.org)' }));
    await waitFor(() => expect(api.callsTo('GET /Duplicates/MergePreview').at(-1)?.query).toEqual({ KeepId: 'u2', MergeId: 'u1' }));
    await dialog.findByRole('radio', { name: 'Keep Obi for Last name' });
    fireEvent.click(dialog.getByRole('button', { name: 'Merge the records' }));
    expect(await dialog.findByText('The record to merge was not found')).toBeTruthy();
    expect(api.callsTo('POST /Duplicates/Merge')[0].body).toMatchObject({ keepId: 'u2', mergeId: 'u1' });
  });
});
