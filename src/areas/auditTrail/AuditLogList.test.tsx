// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, findRow, ok, refusal, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { AuditLogList } from './AuditLogList';
import { HistoryButton } from './HistoryButton';

const api = fakeApi();

const CHANGE = {
  id: 'a1',
  createdAt: '2026-05-10T09:30:00.000Z',
  actorId: 'u-admin',
  actorName: 'Ada Admin',
  actorEmail: 'admin@example.org',
  action: 'update',
  entity: 'biodata',
  entityId: 'b1',
  entityName: null,
  subjectId: 'm1',
  subjectName: 'Folake Balogun',
  outcome: 'success',
  ip: '10.0.0.7',
  cursor: 'c1',
};
const REFUSAL = {
  ...CHANGE,
  id: 'a2',
  createdAt: '2026-05-09T08:00:00.000Z',
  actorName: null,
  actorEmail: null,
  action: 'login-failed',
  entity: 'user',
  subjectName: 'Folake Balogun',
  outcome: 'failedLogin',
  ip: '10.0.0.9',
};
const LONG = 'x'.repeat(300);

function showLog(at = '/audit-logs') {
  signInWith(['CAN_VIEW_AUDIT_REPORT']);
  api.on('GET /AuditTrail/GetAllAudit', () => rows([CHANGE, REFUSAL], 2));
  api.on('GET /AuditTrail/GetAuditById', () =>
    ok({
      ...CHANGE,
      before: { mobile2: '08011112222', note: LONG, email: 'f@example.org' },
      after: { mobile2: '08099990000', note: 'short', email: 'f@example.org' },
    }),
  );
  renderScreen(<AuditLogList />, { path: '/audit-logs', at });
}

describe('the audit log', () => {
  it('lists who did what to whom, how it ended and from where, newest first, 25 to a page', async () => {
    showLog();
    const row = within(await findRow('Ada Admin'));
    expect(row.getByText('Changed')).toBeTruthy();
    expect(row.getByText('Biodata: Folake Balogun')).toBeTruthy();
    expect(row.getByText('Done')).toBeTruthy();
    expect(row.getByText('10.0.0.7')).toBeTruthy();
    expect(row.getByText(new Date(CHANGE.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' }))).toBeTruthy();
    expect(row.getByText(/ago|yesterday|in /)).toBeTruthy();
    const other = within(await findRow('Sign-in failed'));
    expect(other.getByText('Nobody signed in')).toBeTruthy();
    expect(other.getByText('Failed sign-in')).toBeTruthy();
    expect(api.callsTo('GET /AuditTrail/GetAllAudit')[0].query).toMatchObject({
      PageNumber: '1',
      PageSize: '25',
      SortBy: 'createdAt',
      SortOrder: 'desc',
    });
  });

  it('filters by the member named in the address (a History link) and by a date range in local days', async () => {
    showLog(`/audit-logs?filter=${encodeURIComponent(JSON.stringify({ subjectId: 'm1', from: '2026-05-01', to: '2026-05-10' }))}`);
    await findRow('Ada Admin');
    const query = api.callsTo('GET /AuditTrail/GetAllAudit')[0].query;
    expect(query.SubjectId).toBe('m1');
    expect(query.From).toBe(new Date(2026, 4, 1).toISOString());
    expect(query.To).toBe(new Date(2026, 4, 10, 23, 59, 59, 999).toISOString());
    // The member shows by name, and removing the chip lifts the filter.
    fireEvent.click(within(await screen.findByRole('button', { name: 'History of Folake Balogun' })).getByTestId('CancelIcon'));
    await waitFor(() => expect(api.callsTo('GET /AuditTrail/GetAllAudit').at(-1)!.query.SubjectId).toBeUndefined());
  });

  it('sends what is typed in the member filter', async () => {
    showLog();
    await findRow('Ada Admin');
    fireEvent.change(screen.getByRole('textbox', { name: 'Member (name or email)' }), { target: { value: 'folake' } });
    await waitFor(() => expect(api.callsTo('GET /AuditTrail/GetAllAudit').at(-1)!.query.Subject).toBe('folake'));
  });

  it('opens a row in a side panel with the change as labelled before and after, long values folded', async () => {
    showLog();
    const row = within(await findRow('Ada Admin'));
    const opener = row.getAllByRole('button')[0];
    opener.focus();
    fireEvent.click(opener);
    const panel = await screen.findByRole('region', { name: 'Change' });
    const table = within(await within(panel).findByRole('table', { name: 'Fields changed' }));
    const mobile = within(table.getByRole('rowheader', { name: 'Mobile 2' }).closest('tr')!);
    expect(mobile.getByText('08011112222')).toBeTruthy();
    expect(mobile.getByText('08099990000')).toBeTruthy();
    expect(table.queryByRole('rowheader', { name: 'Email' })).toBeNull();
    expect(table.queryByText(LONG)).toBeNull();
    fireEvent.click(table.getByRole('button', { name: 'Show all' }));
    expect(table.getByText(LONG, { exact: false })).toBeTruthy();
    expect(api.callsTo('GET /AuditTrail/GetAuditById')[0].query).toEqual({ id: 'a1' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Change' })).toBeNull());
  });

  it('moves between rows with the arrow keys', async () => {
    showLog();
    const first = within(await findRow('Ada Admin')).getAllByRole('button')[0];
    const second = within(await findRow('Sign-in failed')).getAllByRole('button')[0];
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(first);
  });

  it('says when nothing matches, and when the log cannot be read', async () => {
    signInWith(['CAN_VIEW_AUDIT_REPORT']);
    api.on('GET /AuditTrail/GetAllAudit', () => rows([], 0));
    const { unmount } = renderScreen(<AuditLogList />, { path: '/audit-logs' });
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
    unmount();
    api.on('GET /AuditTrail/GetAllAudit', () => refusal(500, 'Database unavailable'));
    renderScreen(<AuditLogList />, { path: '/audit-logs' });
    expect(await screen.findByText('The audit log could not be loaded: Database unavailable')).toBeTruthy();
  });
});

describe('the History button', () => {
  it('links a reviewer to the member’s whole history', async () => {
    signInWith(['CAN_VIEW_AUDIT_REPORT']);
    renderScreen(<HistoryButton userId="m1" />, { path: '/profile/m1' });
    const link = await screen.findByRole('link', { name: 'History' });
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/audit-logs');
    expect(link.getAttribute('href')).toBe(`/audit-logs?filter=${encodeURIComponent(JSON.stringify({ subjectId: 'm1' }))}`);
  });

  it('is not there for those who may not read the log', async () => {
    signInWith(['CAN_VIEW_MEMBERS']);
    renderScreen(
      <>
        <span>profile</span>
        <HistoryButton userId="m1" />
      </>,
      { path: '/profile/m1' },
    );
    await screen.findByText('profile');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'History' })).toBeNull());
  });
});
