// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { fakeApi, ok } from '@/tests/support/adminScreen';
import { MEMBER_ID, openTab, renderProfile, sent, tabNames } from './testKit';

const api = fakeApi();

const value = (id: string, name: string, extra: Record<string, unknown>) => ({
  id,
  name,
  type: 'text',
  choices: [],
  required: false,
  visibility: 'everyone',
  position: 1,
  retired: false,
  editable: true,
  value: null,
  ...extra,
});

const FIELDS = [
  value('f1', 'Baptised on', { type: 'date', value: '2020-03-15' }),
  value('f2', 'Blood group', { type: 'choice', choices: ['A', 'O'], required: true }),
  value('f3', 'Foundation class completed', { type: 'yesno', value: true }),
  value('f4', 'Classes attended', { type: 'number', visibility: 'leaders', value: 4, editable: false }),
];

describe('the profile’s More tab: the church’s own fields', () => {
  it('is not there when the reader sees no field', async () => {
    renderProfile(api);
    await screen.findByRole('tab', { name: 'Personal Information' });
    expect(tabNames()).not.toContain('More');
  });

  it('shows each field as an input of its type, the ones the reader may not change disabled, and saves the others', async () => {
    renderProfile(api);
    // After the profile's defaults, which define no field.
    renderProfile(api);
    api.on('GET /CustomFields/GetValues', () => ok(FIELDS));
    api.on('PUT /CustomFields/SaveValues', () => ok(FIELDS));
    fireEvent.click(await screen.findByRole('tab', { name: 'More' }));
    const baptised = (await screen.findByLabelText(/^Baptised on/)) as HTMLInputElement;
    const tab = within(baptised.closest('form')!);
    expect(baptised.value).toBe('2020-03-15');
    expect((tab.getByLabelText(/^Classes attended/) as HTMLInputElement).disabled).toBe(true);
    expect(tab.getByText('Only the office changes this field')).toBeTruthy();
    fireEvent.mouseDown(tab.getByRole('combobox', { name: /^Blood group/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'O' }));
    fireEvent.click(tab.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(sent(api, 'PUT /CustomFields/SaveValues')).toEqual([{ userId: MEMBER_ID, values: { f1: '2020-03-15', f2: 'O', f3: true } }]);
  });

  it('shows the server’s message under the field it names', async () => {
    renderProfile(api);
    api.on('GET /CustomFields/GetValues', () => ok(FIELDS));
    api.on('PUT /CustomFields/SaveValues', () =>
      HttpResponse.json(
        { succeeded: false, message: 'Blood group is required', errors: { 'Blood group': ['Blood group is required'] } },
        { status: 400 },
      ),
    );
    const tab = await openTab('More');
    fireEvent.click(tab.getByRole('button', { name: 'Save' }));
    expect(await tab.findByText('Blood group is required')).toBeTruthy();
  });
});
