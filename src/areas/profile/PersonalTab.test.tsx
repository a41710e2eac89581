// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, refusal } from '@/tests/support/adminScreen';
import { ADMIN_ID, biodata, field, guid, member, MEMBER_ID, pickOption, pickSelect, renderProfile, save, sent } from './testKit';

const CREATE = 'POST /Biodata/CreateBiodata';
const UPDATE = 'PUT /Biodata/UpdateBiodata';

const api = fakeApi();

const ready = () => screen.findByLabelText('First name', { exact: true });
const typeInto = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('create or update', () => {
  it("prefills from the member record, creates the biodata without an id and toasts 'Successfully created profile'", async () => {
    renderProfile(api, { fixtures: { profiles: member({ middleName: 'Ngozi' }) } });
    await ready();
    expect(field('First name').value).toBe('Ada');
    expect(field('Middle name').value).toBe('Ngozi');
    expect(field('Last name').value).toBe('Okafor');
    expect(field('Email').value).toBe('ada@example.org');
    expect(field('Mobile 1').value).toBe('08030000001');
    save();
    expect(await screen.findByText('Successfully created profile')).toBeTruthy();
    expect(api.callsTo(CREATE)).toHaveLength(1);
    const [data] = sent(api, CREATE);
    expect(data).toMatchObject({ userId: MEMBER_ID, firstName: 'Ada', email: 'ada@example.org', gender: 'Female', title: 'Miss' });
    expect(data).not.toHaveProperty('id');
    expect(api.callsTo(UPDATE)).toHaveLength(0);
  });

  it("updates an existing biodata by its id and toasts 'Successful'", async () => {
    renderProfile(api, { fixtures: { biodata: biodata() } });
    await ready();
    typeInto('Place of birth', 'Enugu');
    save();
    expect(await screen.findByText('Successful')).toBeTruthy();
    const [data] = sent(api, UPDATE);
    expect(data.id).toBe(guid(1));
    expect(data).toMatchObject({ placeOfBirth: 'Enugu', email: 'ada@example.org', mobile1: '08030000001' });
  });

  it("shows the server's message when the save fails", async () => {
    renderProfile(api, { fixtures: { biodata: biodata() } });
    api.on(UPDATE, () => refusal(500, 'Something went wrong'));
    await ready();
    save();
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
  });
});

describe('validation messages', () => {
  it.each([
    ['First name', '', 'First name is required'],
    ['Last name', '', 'Last name is required'],
    ['Email', '', 'Email is required'],
    ['Email', 'not-an-email', 'Please enter a valid email address'],
    ['Mobile 1', '', 'Mobile 1 is required'],
  ])('%s set to "%s" shows %s and sends nothing', async (label, value, message) => {
    renderProfile(api);
    await ready();
    typeInto(label, value);
    save();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('refuses a date of birth in the future', async () => {
    renderProfile(api, { fixtures: { biodata: biodata({ dateOfBirth: '2999-01-01' }) } });
    await ready();
    save();
    expect(await screen.findByText('Date of birth cannot be in the future')).toBeTruthy();
    expect(api.callsTo(UPDATE)).toHaveLength(0);
  });
});

describe('dependent fields', () => {
  it('sets the gender from the title', async () => {
    renderProfile(api, { fixtures: { biodata: biodata() } });
    await ready();
    await pickSelect('Title', 'Mr');
    expect(screen.getByRole('combobox', { name: /^Gender/ }).textContent).toContain('Male');
    await pickSelect('Title', 'Mrs');
    expect(screen.getByRole('combobox', { name: /^Gender/ }).textContent).toContain('Female');
  });

  it('shows the maiden name only for Female', async () => {
    renderProfile(api, { fixtures: { biodata: biodata({ maidenName: 'Eze' }) } });
    await ready();
    expect(field('Maiden name').value).toBe('Eze');
    await pickSelect('Gender', 'Male');
    expect(screen.queryByLabelText('Maiden name')).toBeNull();
  });

  it('shows the local government only when the country is Nigeria', async () => {
    renderProfile(api, { fixtures: { biodata: biodata({ country: 'Ghana', state: null, lga: null }) } });
    await ready();
    await waitFor(() => expect(field('Country').value).toBe('Ghana'));
    expect(screen.queryByLabelText('Local government area')).toBeNull();
  });

  it('clears the state and the local government when the new country does not list them', async () => {
    renderProfile(api, { fixtures: { biodata: biodata() } });
    await ready();
    await waitFor(() => expect(field('Local government area').value).toBe('Ikeja'));
    await pickOption('Country', 'Ghana');
    await waitFor(() => expect(field('State').value).toBe(''));
    expect(screen.queryByLabelText('Local government area')).toBeNull();
  });

  it('keeps the state when the new country lists it too', async () => {
    renderProfile(api, { fixtures: { biodata: biodata({ country: 'Brazil', state: 'Amazonas', lga: null }) } });
    await ready();
    await waitFor(() => expect(field('State').value).toBe('Amazonas'));
    await pickOption('Country', 'Colombia');
    await waitFor(() => expect(field('Country').value).toBe('Colombia'));
    expect(field('State').value).toBe('Amazonas');
  });

  it('clears the state of origin when the new nationality does not list it', async () => {
    renderProfile(api, { fixtures: { biodata: biodata({ nationality: 'Nigeria', stateOfOrigin: 'Enugu' }) } });
    await ready();
    await waitFor(() => expect(field('State of origin').value).toBe('Enugu'));
    await pickOption('Nationality', 'Kenya');
    await waitFor(() => expect(field('State of origin').value).toBe(''));
  });

  it('clears the local government when the new state does not hold it', async () => {
    renderProfile(api, { fixtures: { biodata: biodata() } });
    await ready();
    await waitFor(() => expect(field('Local government area').value).toBe('Ikeja'));
    await pickOption('State', 'Ogun');
    await waitFor(() => expect(field('Local government area').value).toBe(''));
  });
});

describe('who may change what', () => {
  it('locks email and mobile 1 once they hold values, and still sends them', async () => {
    renderProfile(api, { fixtures: { biodata: biodata() } });
    await ready();
    expect(field('Email').disabled).toBe(true);
    expect(field('Mobile 1').disabled).toBe(true);
    expect(field('Mobile 2').disabled).toBe(false);
    save();
    await waitFor(() => expect(api.callsTo(UPDATE)).toHaveLength(1));
    expect(sent(api, UPDATE)[0]).toMatchObject({ email: 'ada@example.org', mobile1: '08030000001' });
  });

  it('leaves email and mobile 1 open while the member has no biodata', async () => {
    renderProfile(api);
    await ready();
    expect(field('Email').disabled).toBe(false);
    expect(field('Mobile 1').disabled).toBe(false);
  });

  it('disables every field and hides Save from a viewer of another member without CAN_UPDATE_OTHER_MEMBERS', async () => {
    renderProfile(api, { viewerId: ADMIN_ID, permissions: ['CAN_VIEW_MEMBERS', 'CAN_UPDATE_MEMBERS'], fixtures: { biodata: biodata() } });
    await ready();
    for (const label of ['First name', 'Last name', 'Mobile 2', 'Place of birth', 'Country', 'Address'])
      expect(field(label).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it("opens another member's profile to CAN_UPDATE_OTHER_MEMBERS", async () => {
    renderProfile(api, { viewerId: ADMIN_ID, permissions: ['CAN_UPDATE_OTHER_MEMBERS'], fixtures: { biodata: biodata() } });
    await ready();
    expect(field('First name').disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('disables one’s own profile without CAN_UPDATE_MEMBERS', async () => {
    renderProfile(api, { permissions: [], fixtures: { biodata: biodata() } });
    await ready();
    expect(field('First name').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows the status as Active and keeps it disabled without CAN_UPDATE_DEMISE_MEMBERS', async () => {
    renderProfile(api, { fixtures: { biodata: biodata() } });
    await ready();
    const status = screen.getByRole('combobox', { name: /^Status/ });
    expect(status.textContent).toContain('Active');
    expect(status.getAttribute('aria-disabled')).toBe('true');
    save();
    await waitFor(() => expect(api.callsTo(UPDATE)).toHaveLength(1));
    expect(sent(api, UPDATE)[0]).not.toHaveProperty('demise');
  });

  it('lets CAN_UPDATE_DEMISE_MEMBERS archive a member', async () => {
    renderProfile(api, {
      viewerId: ADMIN_ID,
      permissions: ['CAN_UPDATE_OTHER_MEMBERS', 'CAN_UPDATE_DEMISE_MEMBERS'],
      fixtures: { biodata: biodata() },
    });
    await ready();
    await pickSelect('Status', 'Archived');
    save();
    await waitFor(() => expect(api.callsTo(UPDATE)).toHaveLength(1));
    expect(sent(api, UPDATE)[0]).toMatchObject({ demise: true });
  });

  it('shows an archived member as Archived', async () => {
    renderProfile(api, { viewerId: ADMIN_ID, permissions: ['CAN_VIEW_MEMBERS'], fixtures: { biodata: biodata({ demise: true }) } });
    await ready();
    expect(screen.getByRole('combobox', { name: /^Status/ }).textContent).toContain('Archived');
  });
});
