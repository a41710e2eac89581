// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, signInWith } from '@/tests/support/adminScreen';
import { TimelinePage } from './TimelinePage';

const api = fakeApi();
const PERSON = '11111111-1111-4111-8111-111111111111';

const entry = (at: string, kind: string, id: string, what: string | null, detail: string | null) => ({ at, kind, id, what, detail });

function open() {
  signInWith(['CAN_VIEW_MEMBERS']);
  renderScreen(<TimelinePage />, { path: '/profile/:userId/timeline', at: `/profile/${PERSON}/timeline` });
}

describe('the timeline page', () => {
  it('lists the records in words, newest first, and reads older ones with the cursor', async () => {
    api.on('GET /Timeline/GetByUserId', ({ query }) =>
      query.Cursor === 'next-1'
        ? ok({ entries: [entry('2024-01-07T00:00:00.000000Z', 'stage', 's1', 'member', '2024-01-07')], kinds: ['stage'] })
        : ok({
            entries: [
              entry('2025-06-01T00:00:00.000000Z', 'attendance', 'm1', 'Ikeja Center', 'present'),
              entry('2025-05-02T10:00:00.000000Z', 'request', 'r1', 'joinDepartment', 'approved'),
              entry('2025-03-02T09:00:00.000000Z', 'department', 'd1', 'Choir', 'primary'),
            ],
            kinds: ['stage', 'request', 'attendance', 'department'],
            nextCursor: 'next-1',
          }),
    );
    open();
    const list = await screen.findByRole('list', { name: 'Timeline' });
    await within(list).findByText('House fellowship at Ikeja Center: present');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'House fellowship at Ikeja Center: present2025-06-01',
      'Request joinDepartment: approved2025-05-02',
      'Joined Choir2025-03-02',
    ]);
    expect(api.callsTo('GET /Timeline/GetByUserId')[0].query).toEqual({ UserId: PERSON });
    fireEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await within(list).findByText('Stage: Member')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(api.callsTo('GET /Timeline/GetByUserId')[1].query).toEqual({ UserId: PERSON, Cursor: 'next-1' });
    // The last page: nothing older to ask for.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull());
  });

  it('says when nothing is recorded', async () => {
    api.on('GET /Timeline/GetByUserId', () => ok({ entries: [], kinds: ['stage', 'department'] }));
    open();
    expect(await screen.findByText('Nothing has been recorded about this person yet.')).toBeTruthy();
  });

  it('shows the server’s refusal', async () => {
    api.on('GET /Timeline/GetByUserId', () => refusal(403, 'You are not authorised'));
    open();
    expect(await screen.findByText('This could not be loaded: You are not authorised')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the profile' }).getAttribute('href')).toBe(`/profile/${PERSON}`);
  });
});
