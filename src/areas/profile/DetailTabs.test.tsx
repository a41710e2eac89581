// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, refusal } from '@/tests/support/adminScreen';
import { biodata, field, guid, MEMBER_ID, openTab, pickSelect, renderProfile, save, sent } from './testKit';

const api = fakeApi();

const married = biodata({ maritalStatus: 'Married', employmentStatus: 'Employed', surName: 'Okafor' });
const child = (n: number, firstName: string, dateOfBirth: string | null, position = n) => ({
  id: guid(100 + n),
  userId: MEMBER_ID,
  firstName,
  surName: 'Okafor',
  gender: 'Female',
  dateOfBirth,
  position,
});
const dialog = () => within(screen.getByRole('dialog'));
const typeInto = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('Qualifications', () => {
  const qualification = { id: guid(50), userId: MEMBER_ID, highestQualification: 'HND', professionalQualification: 'ICAN' };

  it("requires the highest qualification ('This field is required') and toasts 'Successfully Created'", async () => {
    renderProfile(api, { fixtures: { biodata: married } });
    await openTab('Qualifications');
    expect(await screen.findByText('No qualifications yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add qualification' }));
    await screen.findByRole('dialog');
    save();
    expect(await dialog().findByText('This field is required')).toBeTruthy();
    expect(api.callsTo('POST /Qualification/Create')).toHaveLength(0);
    await pickSelect('Highest qualification', 'B.Sc');
    save();
    expect(await screen.findByText('Successfully Created')).toBeTruthy();
    expect(sent(api, 'POST /Qualification/Create')).toEqual([expect.objectContaining({ userId: MEMBER_ID, highestQualification: 'B.Sc' })]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("edits a qualification and toasts 'Details updated'", async () => {
    renderProfile(api, { fixtures: { biodata: married, qualifications: [qualification] } });
    const tab = await openTab('Qualifications');
    expect(await tab.findByText('ICAN')).toBeTruthy();
    fireEvent.click(tab.getByRole('button', { name: 'Edit HND' }));
    await screen.findByRole('dialog');
    typeInto('Professional qualification', 'ACCA');
    save();
    expect(await screen.findByText('Details updated')).toBeTruthy();
    expect(sent(api, 'PUT /Qualification/Update')).toEqual([expect.objectContaining({ id: guid(50), professionalQualification: 'ACCA' })]);
  });

  it('a stale save says so in the dialog, keeps what was typed, and sends the version it loaded', async () => {
    const loaded = { ...qualification, updatedAt: '2026-01-02T03:04:05.678Z' };
    renderProfile(api, { fixtures: { biodata: married, qualifications: [loaded] } });
    api.on('PUT /Qualification/Update', () => refusal(409, 'This record was changed by someone else since you opened it'));
    const tab = await openTab('Qualifications');
    fireEvent.click(await tab.findByRole('button', { name: 'Edit HND' }));
    await screen.findByRole('dialog');
    typeInto('Professional qualification', 'ACCA');
    save();
    expect(await dialog().findByText('This record was changed by someone else since you opened it')).toBeTruthy();
    expect(sent(api, 'PUT /Qualification/Update')).toEqual([expect.objectContaining({ id: guid(50), updatedAt: loaded.updatedAt })]);
    expect(field('Professional qualification').value).toBe('ACCA');
    fireEvent.click(dialog().getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(dialog().queryByText('This record was changed by someone else since you opened it')).toBeNull());
    expect(field('Professional qualification').value).toBe('ACCA');
  });

  it("asks before deleting a qualification, then toasts 'Successfully Deleted'", async () => {
    renderProfile(api, { fixtures: { biodata: married, qualifications: [qualification] } });
    const tab = await openTab('Qualifications');
    fireEvent.click(await tab.findByRole('button', { name: /^Delete/ }));
    expect(await screen.findByText('Delete the HND qualification?')).toBeTruthy();
    expect(api.callsTo('DELETE /Qualification/Delete')).toHaveLength(0);
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Successfully Deleted')).toBeTruthy();
    expect(api.callsTo('DELETE /Qualification/Delete').map((call) => call.query)).toEqual([{ id: guid(50) }]);
  });

  it('keeps the row when the deletion is cancelled', async () => {
    renderProfile(api, { fixtures: { biodata: married, qualifications: [qualification] } });
    const tab = await openTab('Qualifications');
    fireEvent.click(await tab.findByRole('button', { name: /^Delete/ }));
    fireEvent.click(await dialog().findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE /Qualification/Delete')).toHaveLength(0);
  });

  it('hides add, edit and delete from a viewer who may not edit', async () => {
    renderProfile(api, { permissions: [], fixtures: { biodata: married, qualifications: [qualification] } });
    const tab = await openTab('Qualifications');
    expect(await tab.findByText('HND')).toBeTruthy();
    expect(tab.queryByRole('button')).toBeNull();
  });
});

describe('Children Details', () => {
  it('lists children by date of birth, oldest first', async () => {
    renderProfile(api, {
      fixtures: {
        biodata: married,
        children: [child(1, 'Zara', '2015-06-01'), child(2, 'Bola', '2010-01-20'), child(3, 'Chi', '2012-03-03')],
      },
    });
    const tab = await openTab('Children Details');
    await tab.findByText('Zara Okafor');
    const names = tab
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(names).toEqual(['Bola Okafor', 'Chi Okafor', 'Zara Okafor']);
  });

  it("hides the position when adding, defaults the surname to the member's and requires the names", async () => {
    renderProfile(api, { fixtures: { biodata: married } });
    await openTab('Children Details');
    fireEvent.click(await screen.findByRole('button', { name: 'Add child' }));
    await screen.findByRole('dialog');
    expect(dialog().queryByLabelText('Position')).toBeNull();
    expect(field('Last name').value).toBe('Okafor');
    typeInto('Last name', '');
    save();
    expect(await dialog().findByText('First name is required')).toBeTruthy();
    expect(dialog().getByText('Last name is required')).toBeTruthy();
    typeInto('First name', 'Tomi');
    typeInto('Last name', 'Okafor');
    save();
    expect(await screen.findByText('Successfully Created')).toBeTruthy();
    const [data] = sent(api, 'POST /Children/Create');
    expect(data).toMatchObject({ firstName: 'Tomi', surName: 'Okafor', userId: MEMBER_ID });
    expect(data.position).toBeUndefined();
  });

  it.each([
    ['', 'Position field is required'],
    ['second', 'Position must be a number'],
  ])('requires a numeric position when editing ("%s": %s)', async (position, message) => {
    renderProfile(api, { fixtures: { biodata: married, children: [child(1, 'Zara', '2015-06-01')] } });
    const tab = await openTab('Children Details');
    fireEvent.click(await tab.findByRole('button', { name: 'Edit Zara Okafor' }));
    await screen.findByRole('dialog');
    expect(field('Position').value).toBe('1');
    typeInto('Position', position);
    save();
    expect(await dialog().findByText(message)).toBeTruthy();
    expect(api.callsTo('PUT /Children/Update')).toHaveLength(0);
  });

  it("sends an edited position as a number and toasts 'Details updated'", async () => {
    renderProfile(api, { fixtures: { biodata: married, children: [child(1, 'Zara', '2015-06-01')] } });
    const tab = await openTab('Children Details');
    fireEvent.click(await tab.findByRole('button', { name: 'Edit Zara Okafor' }));
    await screen.findByRole('dialog');
    typeInto('Position', '2');
    save();
    expect(await screen.findByText('Details updated')).toBeTruthy();
    expect(sent(api, 'PUT /Children/Update')[0]).toMatchObject({ id: guid(101), position: 2 });
  });

  it("asks before deleting a child, then toasts 'Successfully Deleted'", async () => {
    renderProfile(api, { fixtures: { biodata: married, children: [child(1, 'Zara', '2015-06-01')] } });
    const tab = await openTab('Children Details');
    fireEvent.click(await tab.findByRole('button', { name: /^Delete/ }));
    expect(await screen.findByText('Delete Zara Okafor?')).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Successfully Deleted')).toBeTruthy();
    expect(api.callsTo('DELETE /Children/Delete').map((call) => call.query)).toEqual([{ id: guid(101) }]);
  });
});

describe('Spouse Details', () => {
  it("creates the spouse with the member's surname by default and toasts 'Successfully Created'", async () => {
    renderProfile(api, { fixtures: { biodata: married } });
    await openTab('Spouse Details');
    await waitFor(() => expect(field('Last name').value).toBe('Okafor'));
    typeInto('First name', 'Chidi');
    typeInto('Email', 'chidi@example.org');
    typeInto('Mobile 1', '08031112222');
    await pickSelect('Title', 'Mr');
    expect(screen.getByRole('combobox', { name: /^Gender/ }).textContent).toContain('Male');
    // The member record said there is no spouse yet: nothing was asked that could only fail.
    expect(api.callsTo('GET /Spouse/GetByUserId')).toEqual([]);
    save();
    expect(await screen.findByText('Successfully Created')).toBeTruthy();
    expect(sent(api, 'POST /Spouse/Create')[0]).toEqual(
      expect.objectContaining({ firstName: 'Chidi', surName: 'Okafor', gender: 'Male', userId: MEMBER_ID }),
    );
    // The saved spouse is read back.
    await waitFor(() => expect(api.callsTo('GET /Spouse/GetByUserId')).toHaveLength(1));
  });

  it('requires first name, last name, a valid email and mobile 1', async () => {
    renderProfile(api, { fixtures: { biodata: married } });
    await openTab('Spouse Details');
    await waitFor(() => expect(field('Last name').value).toBe('Okafor'));
    typeInto('Last name', '');
    typeInto('Email', 'chidi@');
    save();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Please enter a valid email address',
      'Mobile 1 is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(api.callsTo('POST /Spouse/Create')).toHaveLength(0);
  });

  it("updates an existing spouse and toasts 'Details updated'", async () => {
    const spouse = { id: guid(60), userId: MEMBER_ID, firstName: 'Chidi', surName: 'Okafor', email: 'chidi@example.org', mobile1: '0803' };
    renderProfile(api, { fixtures: { biodata: married, spouses: spouse } });
    await openTab('Spouse Details');
    await waitFor(() => expect(field('First name').value).toBe('Chidi'));
    typeInto('Middle name', 'Emeka');
    save();
    expect(await screen.findByText('Details updated')).toBeTruthy();
    expect(sent(api, 'PUT /Spouse/Update')[0]).toEqual(expect.objectContaining({ id: guid(60), middleName: 'Emeka' }));
  });
});

describe('Employer', () => {
  it("saves an empty employer (every field optional) with 'Successfully Created'", async () => {
    renderProfile(api, { fixtures: { biodata: married } });
    await openTab('Employer');
    await screen.findByLabelText('Employer name');
    save();
    expect(await screen.findByText('Successfully Created')).toBeTruthy();
    expect(api.callsTo('POST /Employer/Create')).toHaveLength(1);
  });

  it('offers the sub-sectors of the chosen sector and clears one of another sector', async () => {
    const employer = { id: guid(70), userId: MEMBER_ID, employerName: 'Farm Co', sector: 'Agriculture', subSector: 'Poultry' };
    renderProfile(api, { fixtures: { biodata: married, employers: employer } });
    await openTab('Employer');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Sub-sector/ }).textContent).toContain('Poultry'));
    await pickSelect('Sector', 'Education');
    expect(screen.getByRole('combobox', { name: /^Sub-sector/ }).textContent).not.toContain('Poultry');
    save();
    expect(await screen.findByText('Details updated')).toBeTruthy();
    const [saved] = sent(api, 'PUT /Employer/Update');
    expect(saved.sector).toBe('Education');
    expect(saved.subSector).toBeUndefined();
  });

  it('disables the employer of another member for a viewer without CAN_UPDATE_OTHER_MEMBERS', async () => {
    renderProfile(api, { viewerId: guid(9), permissions: ['CAN_VIEW_MEMBERS'], fixtures: { biodata: married } });
    await openTab('Employer');
    expect(((await screen.findByLabelText('Employer name')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
