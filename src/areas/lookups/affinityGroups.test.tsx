// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'react-admin';
import { fakeApi, ok, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { AffinityGroupList } from '@/src/areas/lookups/LookupPages';
import { AffinityGroupsInput } from './AffinityGroupsInput';

const api = fakeApi();

const type = (label: string, value: string) => fireEvent.change(screen.getByRole('spinbutton', { name: label }), { target: { value } });

describe('the affinity group form', () => {
  it('shows a start age above the end age under the start age and sends nothing until it is fixed', async () => {
    signInWith(['CAN_VIEW_AFFINITYGROUPS', 'CAN_CREATE_AFFINITYGROUPS']);
    api.on('GET /AffinityGroup/GetAll', () => rows([]));
    api.on('POST /AffinityGroup/Create', (call) => ok({ id: 'g1', ...(call.body as object) }));
    renderScreen(<AffinityGroupList />, { path: '/affinity-groups' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add affinity group' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add affinity group' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Name' }), { target: { value: 'Young Professionals' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Code' }), { target: { value: 'YPROF' } });
    type('Start age', '36');
    type('End age', '25');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const message = await dialog.findByText('Start age cannot be greater than end age');
    expect(message.closest('.MuiFormControl-root')?.querySelector('input')?.getAttribute('name')).toBe('startAge');
    expect(api.callsTo('POST /AffinityGroup/Create')).toHaveLength(0);

    type('End age', '45');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /AffinityGroup/Create')).toHaveLength(1));
    expect(api.callsTo('POST /AffinityGroup/Create')[0].body).toEqual({
      affinityGroupName: 'Young Professionals',
      affinityGroupCode: 'YPROF',
      startAge: 36,
      endAge: 45,
    });
  });
});

describe("a member's affinity groups", () => {
  const GROUPS = ['Teens', 'Young Adults', 'Men', 'Seniors'].map((name, i) => ({ id: `g${i}`, affinityGroupName: name }));

  function renderInput(groups: string[]) {
    signInWith([]);
    api.on('GET /AffinityGroup/GetAll', (call) =>
      rows(call.query.Age === '17' ? GROUPS.filter((g) => g.affinityGroupName === 'Teens') : GROUPS),
    );
    renderScreen(
      <Form defaultValues={{ affinityGroup: groups }}>
        <AffinityGroupsInput source="affinityGroup" age={17} maritalStatus="Single" />
      </Form>,
      { path: '/' },
    );
  }

  it("removes a group with the error-style toast 'AffinityGroup Removed', shown for 2000 ms", async () => {
    renderInput(['Teens', 'Men']);
    const remove = await screen.findByLabelText('Remove Teens');
    const clicked = Date.now();
    fireEvent.click(remove);
    const toast = await screen.findByText('AffinityGroup Removed');
    expect(toast.closest('.RaNotification-error')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Teens' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Men' })).toBeTruthy();
    // It hides by itself, and not before its 2000 ms (timed from the click, which a busy machine cannot shorten).
    await waitFor(() => expect(screen.queryByText('AffinityGroup Removed')).toBeNull());
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(2000);
  });

  it("offers first the groups that fit the member's age and marital status", async () => {
    renderInput(['Men']);
    await waitFor(() => expect(api.callsTo('GET /AffinityGroup/GetAll').some((c) => c.query.Age === '17')).toBe(true));
    const fitting = api.callsTo('GET /AffinityGroup/GetAll').find((c) => c.query.Age === '17');
    expect(fitting?.query).toMatchObject({ MaritalStatus: 'Single', PageNumber: '1', PageSize: '25000' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Add an affinity group' }));
    const listbox = within(await screen.findByRole('listbox'));
    await waitFor(() => expect(listbox.getAllByRole('option').map((o) => o.textContent)).toEqual(['Teens', 'Young Adults', 'Seniors']));
    expect(listbox.getByText('Groups that fit this member')).toBeTruthy();
    fireEvent.click(listbox.getByRole('option', { name: 'Teens' }));
    expect(await screen.findByRole('button', { name: 'Teens' })).toBeTruthy();
  });
});
