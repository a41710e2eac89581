// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { CreateUserDialog } from './CreateUserDialog';

const api = fakeApi();

// docs/decisions/0237: the new person's language is asked for, the administrator's own to begin with.
describe('adding a user', () => {
  it('sends the language chosen for the new person', async () => {
    signInWith(['CAN_CREATE_USER_MANAGEMENT']);
    api.on('GET /Admin/GetPlatformAdminRoles', () => rows([{ id: 'r1', name: 'administrator' }]));
    api.on('POST /Admin/CreateAdmin', ({ body }) => ok({ id: 'u9', ...(body as object) }));
    renderScreen(<CreateUserDialog onClose={() => {}} />, { path: '/users-management' });
    const dialog = await screen.findByRole('dialog', { name: 'Add a user' });
    const fill = (name: RegExp, value: string) => fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    fill(/^First name/, 'Brigitte');
    fill(/^Last name/, 'Okoro');
    fill(/^Email/, 'brigitte@example.org');
    fill(/^Mobile number/, '08011112222');
    const language = within(dialog).getByRole('combobox', { name: /Their language/ });
    expect(language.textContent).toBe('English');
    fireEvent.mouseDown(language);
    fireEvent.click(await screen.findByRole('option', { name: 'Français' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(api.callsTo('POST /Admin/CreateAdmin')).toHaveLength(1));
    expect(api.callsTo('POST /Admin/CreateAdmin')[0].body).toMatchObject({ email: 'brigitte@example.org', language: 'fr' });
  });
});
