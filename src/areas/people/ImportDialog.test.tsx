// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, signInWith } from '@/tests/support/adminScreen';
import { ImportDialog } from './ImportDialog';

const api = fakeApi();

const SHEET = {
  headers: ['Name', 'Mobile', 'Mail'],
  rows: [
    ['Ada Obi', '08031110001', 'ada@example.org'],
    ['Bad', '12ab', 'bad@example.org'],
  ],
  mapping: { name: 0, phone: 1, email: null },
};
const PREVIEW = {
  total: 2,
  good: 1,
  bad: 1,
  // The server answers the rows with problems only.
  rows: [{ line: 3, firstName: 'Bad', surName: '', email: 'bad@example.org', problems: ['Last name is missing', 'Bad phone "12ab"'] }],
};

function renderDialog() {
  signInWith(['CAN_VIEW_MEMBERS', 'CAN_CREATE_USER_MANAGEMENT']);
  api.on('POST /MemberImport/Upload', () => ok(SHEET));
  api.on('POST /MemberImport/Preview', () => ok(PREVIEW));
  renderScreen(<ImportDialog onClose={() => {}} />, { path: '/members-management' });
}

describe('the import dialog', () => {
  it('uploads the file, sends the mapping as changed, shows the problems and imports the good rows', async () => {
    renderDialog();
    api.on('POST /MemberImport/Commit', () => ok({ imported: 1, skipped: 1 }));
    const input = await screen.findByLabelText('CSV or XLSX file (at most 5 MB)');
    fireEvent.change(input, { target: { files: [new File(['Name,Mobile,Mail\n'], 'people.csv', { type: 'text/csv' })] } });
    const email = await screen.findByLabelText('Email');
    expect(api.callsTo('POST /MemberImport/Upload')[0].body).toHaveProperty('file');
    // The suggestion missed the email column: the office picks it.
    fireEvent.change(email, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check the rows' }));
    expect(await screen.findByText('2 rows: 1 ready to import, 1 with problems.')).toBeTruthy();
    expect(api.callsTo('POST /MemberImport/Preview')[0].body).toMatchObject({
      rows: SHEET.rows,
      mapping: { name: 0, phone: 1, email: 2 },
      kind: 'member',
    });
    const table = within(screen.getByRole('table'));
    expect(table.getByText('Last name is missing; Bad phone "12ab"')).toBeTruthy();
    expect(table.getAllByRole('row')).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Import all' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Import the good rows' }));
    expect(await screen.findByText('1 person imported, 1 row skipped.')).toBeTruthy();
    expect(api.callsTo('POST /MemberImport/Commit')[0].body).toMatchObject({ mode: 'good', mapping: { email: 2 } });
  });

  it("maps columns to the church's own fields the server offers, a required one marked, and sends them by field id", async () => {
    renderDialog();
    const customFields = [
      { id: 'f-blood', name: 'Blood group', type: 'choice', choices: ['A', 'O'], required: true },
      { id: 'f-baptised', name: 'Baptised on', type: 'date', choices: [], required: false },
    ];
    api.on('POST /MemberImport/Upload', () =>
      ok({ ...SHEET, headers: [...SHEET.headers, 'Blood'], mapping: { ...SHEET.mapping, custom: { 'f-baptised': 1 } }, customFields }),
    );
    const input = await screen.findByLabelText('CSV or XLSX file (at most 5 MB)');
    fireEvent.change(input, { target: { files: [new File(['Name,Mobile,Mail,Blood\n'], 'people.csv', { type: 'text/csv' })] } });
    const blood = await screen.findByLabelText('Blood group (required)');
    expect(screen.getByText("The church's own fields")).toBeTruthy();
    fireEvent.change(blood, { target: { value: '3' } });
    // The suggested column of Baptised on was wrong: it is not in the file.
    fireEvent.change(screen.getByLabelText('Baptised on'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check the rows' }));
    await screen.findByText('2 rows: 1 ready to import, 1 with problems.');
    expect(api.callsTo('POST /MemberImport/Preview')[0].body).toMatchObject({ mapping: { custom: { 'f-blood': 3 } } });
    expect((api.callsTo('POST /MemberImport/Preview')[0].body as { mapping: { custom: object } }).mapping.custom).toEqual({ 'f-blood': 3 });
  });

  it("keeps the server's refusal in the dialog", async () => {
    renderDialog();
    api.on('POST /MemberImport/Upload', () => refusal(400, 'The file is neither CSV text nor an XLSX workbook'));
    const input = await screen.findByLabelText('CSV or XLSX file (at most 5 MB)');
    fireEvent.change(input, { target: { files: [new File(['x'], 'x.bin')] } });
    await waitFor(() => expect(screen.getByText('The file is neither CSV text nor an XLSX workbook')).toBeTruthy());
    expect(screen.getByLabelText('CSV or XLSX file (at most 5 MB)')).toBeTruthy();
  });
});
