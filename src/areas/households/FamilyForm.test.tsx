// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, ok, refusal, rows, renderScreen, signInWith } from '@/tests/support/adminScreen';
import { HouseholdsPage } from './HouseholdsPage';

const api = fakeApi();

const FEMI = { id: 'u-femi', fullName: 'Femi Okafor', email: 'femi@example.org', household: null };

function showFamilies(families: unknown[], permissions = ['CAN_VIEW_MEMBERS', 'CAN_UPDATE_HOUSEHOLDS']) {
  signInWith(permissions);
  api.on('GET /Households/GetAll', () => rows(families));
  api.on('GET /ChurchAffiliation/GetMemberQuery', ({ query }) => rows(/femi/i.test(query.Search ?? '') ? [FEMI] : []));
  renderScreen(<HouseholdsPage />, { path: '/households' });
}

/** Opens 'Add a family' and fills its name and address. */
async function openForm() {
  fireEvent.click((await screen.findAllByRole('button', { name: 'Add a family' }))[0]);
  const dialog = await screen.findByRole('dialog', { name: 'Add a family' });
  fireEvent.change(within(dialog).getByLabelText(/^Family name/), { target: { value: 'Okafor family' } });
  fireEvent.change(within(dialog).getByLabelText(/^Address/), { target: { value: '12 Allen Avenue' } });
  return dialog;
}

/** Picks Femi from the search of people in Flock. */
async function pickFemi(dialog: HTMLElement) {
  const search = within(dialog).getByRole('combobox', { name: /Add someone in Flock/ });
  fireEvent.change(search, { target: { value: 'femi' } });
  fireEvent.click(await screen.findByRole('option', { name: /Femi Okafor/ }));
}

describe("'Add a family' in one form", () => {
  it('says what to do when there are no families, for the office', async () => {
    showFamilies([]);
    expect(await screen.findByText(/No families yet. Add one/)).toBeTruthy();
  });

  it('saves the name, address, a person in Flock and a new person with their roles in one call', async () => {
    api.on('POST /Households/Create', ({ body }) => ok({ id: 'h1', ...(body as object), members: [], hiddenMembers: 0, updatedAt: '' }));
    showFamilies([]);
    const dialog = await openForm();
    await pickFemi(dialog);
    const people = within(dialog).getByRole('list', { name: 'People' });
    expect(within(people).getByText('Femi Okafor')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Okafor' } });
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Chiamaka' } });
    fireEvent.change(within(dialog).getByLabelText('Date of birth'), { target: { value: '2015-03-02' } });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '08031112222' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add this person' }));
    expect(within(people).getByText('Chiamaka Okafor')).toBeTruthy();
    // The second person is taken for the spouse: the office makes her a child.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Role of Chiamaka Okafor/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Child' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save family' }));
    expect(await screen.findByTestId('where')).toBeTruthy();
    expect(api.callsTo('POST /Households/Create').map((c) => c.body)).toEqual([
      {
        name: 'Okafor family',
        address: '12 Allen Avenue',
        members: [
          { userId: 'u-femi', role: 'head' },
          {
            person: { firstName: 'Chiamaka', surName: 'Okafor', gender: 'Male', dateOfBirth: '2015-03-02', mobile1: '08031112222' },
            role: 'child',
          },
        ],
      },
    ]);
  });

  it('keeps the form and shows why when the server refuses it (a person already in a family)', async () => {
    api.on('POST /Households/Create', () => refusal(409, "Femi Okafor already belongs to the household 'Other'; remove them there first"));
    showFamilies([]);
    const dialog = await openForm();
    await pickFemi(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save family' }));
    expect(await within(dialog).findByText(/already belongs to the household 'Other'/)).toBeTruthy();
    expect(within(dialog).getByText('Femi Okafor')).toBeTruthy();
  });

  it('offers no Add a family to readers who may not change families', async () => {
    showFamilies([{ id: 'h1', name: 'Okafor family', head: 'Femi Okafor', members: 3, address: null }], ['CAN_VIEW_MEMBERS']);
    expect(await screen.findByText('Okafor family')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a family' })).toBeNull();
  });
});
