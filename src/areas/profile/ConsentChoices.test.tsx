// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fakeApi, ok } from '@/tests/support/adminScreen';
import { ADMIN_ID, MEMBER_ID, renderProfile, sent } from './testKit';

const api = fakeApi();
const UPDATE = 'PUT /Stewardship/UpdateMyConsents';

describe('privacy choices on one’s own profile', () => {
  it('shows each choice and records a change at once', async () => {
    renderProfile(api);
    api.on(UPDATE, ({ body }) =>
      ok({
        current: {
          email: { granted: (body as { email: boolean }).email, at: '2026-11-23T10:00:00Z' },
          sms: null,
          listing: null,
          age: null,
          greetings: null,
          directory: null,
        },
      }),
    );
    // Laid out at once, disabled until the choices arrive.
    expect(await screen.findAllByText('Not chosen yet')).toHaveLength(6);
    const email = screen.getByRole('switch', { name: 'The church may contact me by email about its activities' });
    expect((email as HTMLInputElement).checked).toBe(false);
    expect((email as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('switch', { name: 'Leaders other than administrators may see me in member lists' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'The birthday list my leaders see may show the age I turn' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: /greet me on my birthday and wedding anniversary/ })).toBeTruthy();
    fireEvent.click(email);
    expect(await screen.findByText('Your choices are saved')).toBeTruthy();
    expect(sent(api, UPDATE)).toEqual([{ email: true }]);
    expect(((await screen.findByRole('switch', { name: /by email/ })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/^Yes since/)).toBeTruthy();
  });

  it('are not shown on somebody else’s profile', async () => {
    renderProfile(api, { viewerId: ADMIN_ID, userId: MEMBER_ID, permissions: ['CAN_VIEW_MEMBERS', 'CAN_UPDATE_OTHER_MEMBERS'] });
    await screen.findByRole('heading', { name: 'Ada Okafor' });
    expect(screen.queryByText('Your privacy choices')).toBeNull();
    expect(api.callsTo('GET /Stewardship/GetMyConsents')).toHaveLength(0);
  });
});
