// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { latestToday } from '@/domain/common/dates';
import { fakeApi, ok, refusal } from '@/tests/support/adminScreen';
import { ADMIN_ID, MEMBER_ID, guid, pickSelect, renderProfile, sent } from './testKit';

const api = fakeApi();
const OFFICE = { viewerId: ADMIN_ID, userId: MEMBER_ID, permissions: ['CAN_VIEW_MEMBERS', 'CAN_UPDATE_OTHER_MEMBERS'] };
const period = (n: number, stage: string, startedOn: string, endedOn: string | null) => ({
  id: guid(n),
  stage,
  startedOn,
  endedOn,
  setBy: null,
  createdAt: `${startedOn}T00:00:00.000Z`,
});

describe('the stage on the profile', () => {
  it('shows the stage, since when, and the periods before it', async () => {
    renderProfile(api, OFFICE);
    // After the kit's answers, which this replaces: the call is made once the page renders.
    api.on('GET /People/GetStages', () => ok([period(2, 'worker', '2025-03-02', null), period(1, 'member', '2024-01-07', '2025-03-02')]));
    const card = within((await screen.findByRole('heading', { name: 'Stage' })).closest('.MuiCard-root') as HTMLElement);
    expect(await card.findByText('Worker')).toBeTruthy();
    expect(card.getByText('since 2025-03-02')).toBeTruthy();
    expect(within(card.getByRole('list', { name: 'Stage history' })).getByText('Member: 2024-01-07 to 2025-03-02')).toBeTruthy();
  });

  it('lets the office change it from a day, today unless changed', async () => {
    renderProfile(api, OFFICE);
    await screen.findByText('since 2024-01-07');
    const date = screen.getByLabelText('Started on') as HTMLInputElement;
    expect(date.value).toBe(latestToday());
    // A member's account offers member's stages and beyond, not the one held.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^New stage/ }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Worker', 'Leader']);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await pickSelect('New stage', 'Leader');
    fireEvent.change(date, { target: { value: '2025-05-04' } });
    api.on('PUT /People/ChangeStage', ({ body }) => ok({ ...period(3, 'leader', '2025-05-04', null), ...(body as object) }));
    fireEvent.click(screen.getByRole('button', { name: 'Save stage' }));
    expect(await screen.findByText('Stage changed')).toBeTruthy();
    expect(sent(api, 'PUT /People/ChangeStage')).toEqual([{ userId: MEMBER_ID, stage: 'leader', startedOn: '2025-05-04' }]);
    // The history is read again after the change.
    await waitFor(() => expect(api.callsTo('GET /People/GetStages').length).toBe(2));
  });

  it('shows the server’s refusal', async () => {
    renderProfile(api, OFFICE);
    await screen.findByText('since 2024-01-07');
    await pickSelect('New stage', 'Worker');
    api.on('PUT /People/ChangeStage', () => refusal(400, 'Start date cannot be before 2024-01-07, when the current stage began'));
    fireEvent.click(screen.getByRole('button', { name: 'Save stage' }));
    expect(await screen.findByText('Start date cannot be before 2024-01-07, when the current stage began')).toBeTruthy();
  });

  it('offers no control to a member on their own profile', async () => {
    renderProfile(api);
    await screen.findByText('since 2024-01-07');
    expect(screen.queryByRole('button', { name: 'Save stage' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Timeline' }).getAttribute('href')).toBe(`/profile/${MEMBER_ID}/timeline`);
    expect(screen.queryByRole('link', { name: 'Care notes' })).toBeNull();
  });
});
