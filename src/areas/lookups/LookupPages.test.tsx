// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, rows, signInWith, findRow } from '@/tests/support/adminScreen';
import { AccessoryList, MinistryList, UnitList } from './LookupPages';

const api = fakeApi();

// The domain schemas take ids in the uuid form.
const ID = {
  music: '00000000-0000-4000-8000-0000000000a1',
  youth: '00000000-0000-4000-8000-0000000000a2',
  ada: '00000000-0000-4000-8000-0000000000b1',
  chairs: '00000000-0000-4000-8000-0000000000c1',
};

const MUSIC = {
  id: ID.music,
  name: 'Music Ministry',
  code: 'MUSIC',
  description: 'Choirs and bands',
  leaderId: ID.ada,
  leaderName: 'Ada Obi',
};
const YOUTH = { id: ID.youth, name: 'Youth Ministry', code: 'YOUTH', description: null, leaderId: null, leaderName: null };
const MINISTRY_RIGHTS = ['CAN_VIEW_MINISTRIES', 'CAN_CREATE_MINISTRIES', 'CAN_UPDATE_MINISTRIES', 'CAN_DELETE_MINISTRIES'];

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input, textarea' }), { target: { value } });

function showMinistries(list = [MUSIC, YOUTH]) {
  signInWith(MINISTRY_RIGHTS);
  api.on('GET /Ministry/GetAll', (call) =>
    rows(call.query.Search ? list.filter((m) => m.name.toLowerCase().includes(call.query.Search)) : list),
  );
  api.on('GET /ChurchAffiliation/GetMemberQuery', () => rows([]));
  renderScreen(<MinistryList />, { path: '/ministries' });
}

describe('the generic lookup list', () => {
  it('lists the rows of GetAll, and sends paging, search and sort as the API names them', async () => {
    showMinistries();
    const music = within(await findRow(/Music Ministry/));
    expect(music.getByText('MUSIC')).toBeTruthy();
    expect(music.getByText('Ada Obi')).toBeTruthy();
    expect(api.callsTo('GET /Ministry/GetAll')[0].query).toEqual({ PageNumber: '1', PageSize: '10' });

    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'youth' } });
    await waitFor(() => expect(screen.queryByText('Music Ministry')).toBeNull());
    expect(screen.getByText('Youth Ministry')).toBeTruthy();
    expect(api.calls.at(-1)?.query.Search).toBe('youth');

    fireEvent.click(screen.getByRole('button', { name: /sort by name/i }));
    await waitFor(() => expect(api.calls.at(-1)?.query).toMatchObject({ SortBy: 'name', SortOrder: 'asc', Search: 'youth' }));
  });

  it('says what belongs in an empty list and offers to add the first', async () => {
    showMinistries([]);
    expect(await screen.findByText(/No ministries yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add ministry' }));
    expect(await screen.findByRole('dialog', { name: 'Add ministry' })).toBeTruthy();
  });

  it("shows the domain schema's messages in the create form, then posts the trimmed values", async () => {
    showMinistries();
    api.on('POST /Ministry/Create', (call) => ok({ id: 'm3', ...(call.body as object) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add ministry' }));
    const dialog = within(await screen.findByRole('dialog'));
    type('Code', 'not a code!');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Ministry name is required')).toBeTruthy();
    expect(dialog.getByText('Code may hold only letters, digits, dashes and underscores')).toBeTruthy();
    expect(api.callsTo('POST /Ministry/Create')).toHaveLength(0);

    type('Name', '  Prayer Ministry ');
    type('Code', 'PRAYER');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    // The invalid form's toast goes first: toasts queue, each for 2000 ms.
    expect(await screen.findByText('Successfully Created', undefined)).toBeTruthy();
    expect(api.callsTo('POST /Ministry/Create')[0].body).toEqual({ name: 'Prayer Ministry', code: 'PRAYER' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('confirms a delete, shows the refusal of one in use, and deletes one that is not', async () => {
    showMinistries();
    api.on('DELETE /Ministry/Delete', (call) =>
      call.query.id === ID.music ? refusal(409, 'This ministry has 2 units; move them before deleting it.') : ok(null),
    );
    fireEvent.click(await within(await findRow(/Music Ministry/)).findByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete "Music Ministry"?' }));
    expect(api.callsTo('DELETE /Ministry/Delete')).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This ministry has 2 units; move them before deleting it.')).toBeTruthy();
    expect(screen.getByText('Music Ministry')).toBeTruthy();

    fireEvent.click(await within(await findRow(/Youth Ministry/)).findByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete "Youth Ministry"?' })).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText('Successfully Deleted')).toBeTruthy();
    expect(api.callsTo('DELETE /Ministry/Delete').map((c) => c.query)).toEqual([{ id: ID.music }, { id: ID.youth }]);
  });

  it('shows add, edit and delete only to those with the rights', async () => {
    signInWith(['CAN_VIEW_UNITS']);
    api.on('GET /Unit/GetAll', () => rows([{ id: 'n1', name: 'Drama Unit', code: 'DRAMA', ministryName: 'Music Ministry' }]));
    api.on('GET /Ministry/GetAll', () => rows([MUSIC]));
    renderScreen(<UnitList />, { path: '/units' });
    const row = within(await findRow(/Drama Unit/));
    expect(row.getByText('Music Ministry')).toBeTruthy();
    expect(row.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(row.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add unit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });
});

describe('the lookup forms', () => {
  it("offers a unit's ministry from the ministries and its leader from the members, and posts their ids", async () => {
    signInWith(['CAN_VIEW_UNITS', 'CAN_CREATE_UNITS', 'CAN_VIEW_MEMBERS']);
    api.on('GET /Unit/GetAll', () => rows([]));
    api.on('GET /Ministry/GetAll', () => rows([MUSIC, YOUTH]));
    api.on('GET /Ministry/GetById', (call) => ok([MUSIC, YOUTH].find((m) => m.id === call.query.id)));
    api.on('GET /ChurchAffiliation/GetMemberQuery', (call) =>
      rows(call.query.Search === 'ada' ? [{ id: ID.ada, fullName: 'Ada Obi', email: 'ada@example.org' }] : []),
    );
    api.on('POST /Unit/Create', (call) => ok({ id: 'n2', ...(call.body as object) }));
    renderScreen(<UnitList />, { path: '/units' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add unit' }));
    const dialog = within(await screen.findByRole('dialog'));
    type('Name', 'Choir Unit');

    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Ministry' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Youth Ministry' }));

    fireEvent.change(dialog.getByRole('combobox', { name: 'Leader' }), { target: { value: 'ada' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Ada Obi (ada@example.org)' }));

    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /Unit/Create')).toHaveLength(1));
    expect(api.callsTo('POST /Unit/Create')[0].body).toEqual({ name: 'Choir Unit', ministryId: ID.youth, leaderId: ID.ada });
    expect(api.callsTo('GET /ChurchAffiliation/GetMemberQuery').at(-1)?.query).toMatchObject({ Search: 'ada', PageSize: '20' });
  });

  it('edits a record in full: every field of the form is sent, a cleared one left out so the API clears it', async () => {
    signInWith(['CAN_VIEW_ACCESSORIES', 'CAN_UPDATE_ACCESSORIES']);
    const chairs = {
      id: ID.chairs,
      name: 'Plastic chairs',
      code: 'CHAIRS',
      description: 'For the hall',
      quantity: 120,
      condition: 'Good',
      location: 'Store room',
      custodianId: ID.ada,
      custodianName: 'Ada Obi',
      createdAt: '2025-01-02T10:00:00.000Z',
    };
    api.on('GET /Accessory/GetAll', () => rows([chairs]));
    api.on('GET /Accessory/GetById', () => ok(chairs));
    api.on('GET /ChurchAffiliation/GetMemberQuery', () => rows([]));
    api.on('PUT /Accessory/Update', (call) => ok(call.body));
    renderScreen(<AccessoryList />, { path: '/accessories' });
    fireEvent.click(await within(await findRow(/Plastic chairs/)).findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Plastic chairs' }));
    // The chosen custodian shows by the name the record keeps (the API has no member by id).
    await waitFor(() => expect((dialog.getByRole('combobox', { name: 'Custodian' }) as HTMLInputElement).value).toBe('Ada Obi'));
    type('Quantity', '95');
    type('Location', '');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Details updated')).toBeTruthy();
    expect(api.callsTo('PUT /Accessory/Update')[0].body).toEqual({
      id: ID.chairs,
      name: 'Plastic chairs',
      code: 'CHAIRS',
      description: 'For the hall',
      quantity: 95,
      condition: 'Good',
      custodianId: ID.ada,
    });
  });
});
