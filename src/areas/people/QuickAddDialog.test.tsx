// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, ok, renderScreen, signInWith } from '@/tests/support/adminScreen';
import { QuickAddDialog } from './QuickAddDialog';

const api = fakeApi();

const MATCH = {
  id: 'u9',
  fullName: 'Yemi Known',
  email: 'yemi@example.org',
  phone: '08031110001',
  dateOfBirth: null,
  isFirstTimer: false,
  createdAt: '2026-01-01T00:00:00Z',
  reasons: ['phone'],
};

function renderDialog() {
  signInWith(['CAN_VIEW_MEMBERS', 'CAN_CREATE_USER_MANAGEMENT']);
  api.on('POST /Admin/QuickAddMember', () => ok({ id: 'new' }, { message: 'Member added' }));
  renderScreen(<QuickAddDialog onClose={() => {}} />, { path: '/members-management' });
}

async function fill() {
  const dialog = within(await screen.findByRole('dialog', { name: 'Add a member' }));
  fireEvent.change(dialog.getByLabelText('First name', { exact: false }), { target: { value: 'Temitope' } });
  fireEvent.change(dialog.getByLabelText('Last name', { exact: false }), { target: { value: 'Quick' } });
  fireEvent.change(dialog.getByLabelText('Email', { exact: false }), { target: { value: 'temi@example.org' } });
  fireEvent.change(dialog.getByLabelText('Phone', { exact: false }), { target: { value: '+2348031110001' } });
  fireEvent.click(dialog.getByRole('radio', { name: 'Female' }));
  return dialog;
}

describe('the quick add dialog', () => {
  it('checks for duplicates first, shows the matches with a link, and saves anyway when told', async () => {
    renderDialog();
    api.on('POST /Duplicates/Check', () => ok([MATCH]));
    const dialog = await fill();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const open = await dialog.findByRole('link', { name: 'Open Yemi Known' });
    expect(open.getAttribute('href')).toBe('/profile/u9');
    expect(dialog.getByText(/Same phone/)).toBeTruthy();
    expect(api.callsTo('POST /Admin/QuickAddMember')).toHaveLength(0);
    expect(api.callsTo('POST /Duplicates/Check')[0].body).toMatchObject({
      email: 'temi@example.org',
      mobile1: '+2348031110001',
      gender: 'Female',
      dateOfBirth: null,
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('Member added')).toBeTruthy();
    expect(api.callsTo('POST /Admin/QuickAddMember')[0].body).toMatchObject({ firstName: 'Temitope', saveAnyway: true });
  });

  it('saves at once when nobody matches', async () => {
    renderDialog();
    api.on('POST /Duplicates/Check', () => ok([]));
    const dialog = await fill();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Member added')).toBeTruthy();
    expect(api.callsTo('POST /Admin/QuickAddMember')[0].body).toMatchObject({ surName: 'Quick', saveAnyway: false });
  });

  it('says what is missing before asking the server', async () => {
    renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a member' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('First name is required')).toBeTruthy();
    expect(dialog.getByText('Gender must be Male or Female')).toBeTruthy();
    expect(api.callsTo('POST /Duplicates/Check')).toHaveLength(0);
  });
});
