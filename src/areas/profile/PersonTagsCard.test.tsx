// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok } from '@/tests/support/adminScreen';
import { ADMIN_ID, MEMBER_ID, renderProfile, sent } from './testKit';

const api = fakeApi();
const CHOIR = { id: '33333333-3333-4333-8333-333333333333', name: 'Choir', colour: 'blue' };
const YOUTH = { id: '44444444-4444-4444-8444-444444444444', name: 'Youth', colour: null };
const tagsCard = async () => within((await screen.findByRole('heading', { name: 'Tags' })).closest('.MuiCard-root') as HTMLElement);

describe('the tags on the profile', () => {
  it('shows a leader the person’s tags, with nothing to change', async () => {
    renderProfile(api, { viewerId: ADMIN_ID, userId: MEMBER_ID, permissions: ['CAN_VIEW_MEMBERS'] });
    api.on('GET /Tags/OfPerson', () => ok([CHOIR]));
    const card = await tagsCard();
    expect(await card.findByText('Choir')).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Add tag' })).toBeNull();
  });

  it('is not shown to a member on their own profile', async () => {
    renderProfile(api);
    await screen.findByRole('heading', { name: 'Stage' });
    expect(screen.queryByRole('heading', { name: 'Tags' })).toBeNull();
    expect(api.callsTo('GET /Tags/OfPerson')).toHaveLength(0);
  });

  it('lets the office add a tag the person lacks and take one off, one person at a time', async () => {
    renderProfile(api, { viewerId: ADMIN_ID, userId: MEMBER_ID, permissions: ['CAN_VIEW_MEMBERS', 'CAN_UPDATE_TAGS'] });
    api.on('GET /Tags/OfPerson', () => ok([CHOIR]));
    api.on('GET /Tags/GetAll', () => ok([CHOIR, YOUTH]));
    api.on('POST /Tags/Apply', () => ok({ changed: 1 }));
    const card = await tagsCard();
    fireEvent.mouseDown(await card.findByRole('combobox', { name: /^Tag/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Youth']);
    fireEvent.click(options[0]);
    fireEvent.click(card.getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(sent(api, 'POST /Tags/Apply')).toEqual([{ tagId: YOUTH.id, action: 'add', userIds: [MEMBER_ID] }]));
    fireEvent.click(card.getByRole('button', { name: 'Remove the tag Choir' }));
    await waitFor(() => expect(sent(api, 'POST /Tags/Apply')[1]).toEqual({ tagId: CHOIR.id, action: 'remove', userIds: [MEMBER_ID] }));
  });
});
