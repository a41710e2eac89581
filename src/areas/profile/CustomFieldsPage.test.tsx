// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, signInWith } from '@/tests/support/adminScreen';
import { CustomFieldsPage } from './CustomFieldsPage';

const api = fakeApi();

const field = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  type: 'text',
  choices: [],
  required: false,
  visibility: 'everyone',
  position: 1,
  retired: false,
  updatedAt: '2026-11-27T03:00:00.000Z',
  ...extra,
});

const BAPTISED = field('f1', 'Baptised on', { type: 'date' });
const BLOOD = field('f2', 'Blood group', { type: 'choice', choices: ['A', 'O'], visibility: 'office', required: true });

function showFields(fields: unknown[]) {
  signInWith(['CAN_UPDATE_CUSTOM_FIELDS']);
  api.on('GET /CustomFields/GetAll', () => ok(fields));
  renderScreen(<CustomFieldsPage />, { path: '/custom-fields' });
}

describe('the fields on people', () => {
  it('says what to do when there are none, and adds a choice field with its choices', async () => {
    api.on('POST /CustomFields/Create', ({ body }) => ok({ ...(body as object), id: 'f9' }));
    showFields([]);
    expect(await screen.findByText(/No fields yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a field' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Blood group' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'One of a list' }));
    fireEvent.change(await within(dialog).findByLabelText(/^Choices/), { target: { value: 'A\nB\n\nO ' } });
    fireEvent.click(within(dialog).getByLabelText('Required'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Field saved')).toBeTruthy();
    expect(api.callsTo('POST /CustomFields/Create').map((c) => c.body)).toEqual([
      { name: 'Blood group', type: 'choice', choices: ['A', 'B', 'O'], required: true, visibility: 'everyone' },
    ]);
  });

  it('shows the server’s refusal in the dialog', async () => {
    api.on('POST /CustomFields/Create', () => refusal(409, 'A field with this name already exists'));
    showFields([BAPTISED]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add field' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a field' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'baptised ON' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A field with this name already exists')).toBeTruthy();
  });

  it('lists the fields with their type and who sees them, moves one, and retires one', async () => {
    api.on('PUT /CustomFields/Reorder', ({ body }) => ok(body));
    api.on('PUT /CustomFields/Update', ({ body }) => ok(body));
    showFields([BAPTISED, BLOOD]);
    expect(await screen.findByText('One of a list · The office · Required')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move Baptised on up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Blood group up' }));
    expect(await screen.findByText('Order saved')).toBeTruthy();
    expect(api.callsTo('PUT /CustomFields/Reorder')[0].body).toEqual({ ids: ['f2', 'f1'] });
    fireEvent.click(screen.getByRole('button', { name: 'Retire Baptised on' }));
    expect(await screen.findByText('Field retired')).toBeTruthy();
    expect(api.callsTo('PUT /CustomFields/Update')[0].body).toMatchObject({ id: 'f1', retired: true, updatedAt: BAPTISED.updatedAt });
  });

  it('deletes only after confirmation, and shows the refusal of a field with values', async () => {
    api.on('DELETE /CustomFields/Delete', () => refusal(409, 'Blood group holds values for 3 people: retire it instead, which keeps them'));
    showFields([BAPTISED, BLOOD]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Blood group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Blood group?' });
    expect(api.callsTo('DELETE /CustomFields/Delete')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Blood group holds values for 3 people: retire it instead, which keeps them')).toBeTruthy();
    expect(api.callsTo('DELETE /CustomFields/Delete')[0].query).toEqual({ Id: 'f2' });
  });
});
