// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, ok } from '@/tests/support/adminScreen';
import { ADMIN_ID, MEMBER_ID, renderProfile, sent } from './testKit';

const api = fakeApi();
const ADMIN = {
  viewerId: ADMIN_ID,
  userId: MEMBER_ID,
  permissions: ['CAN_VIEW_MEMBERS', 'CAN_UPDATE_OTHER_MEMBERS', 'CAN_DELETE_MEMBERS'],
};

describe('Erase this person', () => {
  it('names the person and what goes, then erases on confirmation', async () => {
    api.on('GET /Stewardship/GetErasureScope', () =>
      ok({
        userId: MEMBER_ID,
        fullName: 'Ada Okafor',
        email: 'ada@example.org',
        removes: { biodata: 1, children: 2, spouse: 0, mails: 3 },
      }),
    );
    api.on('POST /Stewardship/ErasePerson', () => ok({ userId: MEMBER_ID, removed: {} }, { message: 'The person has been erased' }));
    renderProfile(api, ADMIN);
    fireEvent.click(await screen.findByRole('button', { name: 'Erase this person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Ada Okafor?' });
    expect(await within(dialog).findByText(/everything that identifies Ada Okafor \(ada@example\.org\)/)).toBeTruthy();
    expect(within(dialog).getByText('Children: 2')).toBeTruthy();
    expect(within(dialog).getByText('Mails in the outbox: 3')).toBeTruthy();
    // Nothing of a kind the person has none of.
    expect(within(dialog).queryByText(/Spouse/)).toBeNull();
    expect(api.callsTo('POST /Stewardship/ErasePerson')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    expect(await screen.findByText('Ada Okafor has been erased')).toBeTruthy();
    expect(sent(api, 'POST /Stewardship/ErasePerson')).toEqual([{ userId: MEMBER_ID }]);
  });

  it('is offered neither without CAN_DELETE_MEMBERS nor on one’s own profile', async () => {
    renderProfile(api, { ...ADMIN, permissions: ['CAN_VIEW_MEMBERS', 'CAN_UPDATE_OTHER_MEMBERS'] });
    await screen.findByRole('heading', { name: 'Ada Okafor' });
    expect(screen.queryByRole('button', { name: 'Erase this person' })).toBeNull();
  });
});
