// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, ok } from '@/tests/support/adminScreen';
import { ADMIN_ID, MEMBER_ID, renderProfile, sent } from './testKit';

const api = fakeApi();
const UPDATE = 'PUT /Notification/UpdateEmailPreferences';

describe('email preferences on one’s own profile', () => {
  it('shows the categories mailed and records an opt-out at once', async () => {
    renderProfile(api);
    api.on(UPDATE, ({ body }) => ok(body));
    const messages = (await screen.findByRole('checkbox', { name: 'Messages from the church' })) as HTMLInputElement;
    // Laid out at once, disabled until the preferences arrive.
    await waitFor(() => expect(messages.disabled).toBe(false));
    expect(messages.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Decisions on my requests' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Requests waiting for my decision' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(messages);
    expect(await screen.findByText('Email preferences saved')).toBeTruthy();
    expect(sent(api, UPDATE)).toEqual([{ optedOut: ['messages'] }]);
    expect((screen.getByRole('checkbox', { name: 'Messages from the church' }) as HTMLInputElement).checked).toBe(false);
  });

  it('are not shown on somebody else’s profile', async () => {
    renderProfile(api, { viewerId: ADMIN_ID, userId: MEMBER_ID, permissions: ['CAN_VIEW_MEMBERS', 'CAN_UPDATE_OTHER_MEMBERS'] });
    await screen.findByRole('heading', { name: 'Ada Okafor' });
    expect(screen.queryByRole('checkbox', { name: 'Messages from the church' })).toBeNull();
    expect(api.callsTo('GET /Notification/GetEmailPreferences')).toHaveLength(0);
  });
});
