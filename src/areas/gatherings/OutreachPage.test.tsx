// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, findRow, ok, refusal, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { OutreachPage } from './OutreachPage';

const api = fakeApi();

const OFFICE = ['CAN_VIEW_OUTREACH', 'CAN_APPROVE_OUTREACH', 'CAN_UPDATE_OUTREACH'];
const outreach = (id: string, extra: object = {}) => ({
  id,
  title: 'Market crusade',
  outreachDate: '2031-06-06',
  address: 'Ikeja',
  requesterName: 'Tolu Bello',
  userId: 'u-tolu',
  team: [{ id: 'u-kemi', fullName: 'Kemi Ade' }],
  status: 'pending',
  reportId: null,
  ...extra,
});
const convert = (id: string, firstName: string, extra: object = {}) => ({
  id,
  firstName,
  surName: 'Convert',
  phone: '0803',
  email: `${firstName.toLowerCase()}@example.org`,
  decision: 'Salvation',
  followUp: true,
  ...extra,
});
const REPORT = {
  id: 'rep1',
  outreachRequestId: 'o1',
  title: 'Market crusade',
  dateHeld: '2031-06-06',
  attendance: 120,
  soulsReached: 14,
  convertCount: 2,
  requesterName: 'Tolu Bello',
  userId: 'u-tolu',
  detailOfConverts: [convert('c1', 'Efe'), convert('c2', 'Funmi', { firstTimerId: 'ft9' })],
};

function show(permissions = OFFICE) {
  signInWith(permissions);
  api.on('GET /Outreach/GetAllOutreachRequests', () =>
    rows([outreach('o1'), outreach('o2', { title: 'School visit', status: 'approved' })]),
  );
  api.on('GET /Outreach/GetAllOutreachReports', () => rows([REPORT]));
  renderScreen(<OutreachPage />, { path: '/outreach' });
}

describe('/outreach', () => {
  it('lists the requests with their team, approves one, and offers the report of an approved one', async () => {
    show();
    const row = await findRow('Market crusade');
    expect(within(row).getByText('Kemi Ade')).toBeTruthy();
    expect(await within(await findRow('School visit')).findByRole('button', { name: 'Write report' })).toBeTruthy();
    api.on('PUT /Outreach/ApproveOrRejectOutreachRequest', () =>
      ok(outreach('o1', { status: 'approved' }), { message: 'Request approved' }),
    );
    fireEvent.click(await within(row).findByRole('button', { name: /^Approve: Tolu Bello/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the request' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request approved')).toBeTruthy();
    expect(api.callsTo('PUT /Outreach/ApproveOrRejectOutreachRequest')[0].query).toEqual({ Id: 'o1', Approve: 'true' });
  });

  it('sends a convert to the first-timer list from the report, once', async () => {
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Reports' }));
    fireEvent.click(await within(await findRow('Market crusade')).findByRole('button', { name: 'Converts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Converts: Market crusade' });
    // Funmi is already on the list.
    expect(within(within(dialog).getByText('Funmi Convert').closest('tr')!).getByText('On the first-timer list')).toBeTruthy();
    api.on('PUT /Outreach/ConvertToFirstTimer', () =>
      ok({
        firstTimerId: 'ft1',
        report: { ...REPORT, detailOfConverts: [convert('c1', 'Efe', { firstTimerId: 'ft1' }), REPORT.detailOfConverts[1]] },
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Efe Convert to the first-timers' }));
    expect(await screen.findByText('Efe Convert is on the first-timer list')).toBeTruthy();
    expect(api.callsTo('PUT /Outreach/ConvertToFirstTimer')[0].query).toEqual({ reportId: 'rep1', convertId: 'c1' });
    expect(within(dialog).queryByRole('button', { name: /^Send/ })).toBeNull();
  });

  it("says why a convert cannot be sent (the server's message)", async () => {
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Reports' }));
    fireEvent.click(await within(await findRow('Market crusade')).findByRole('button', { name: 'Converts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Converts: Market crusade' });
    api.on('PUT /Outreach/ConvertToFirstTimer', () => refusal(409, 'A user with the email efe@example.org already exists'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Efe Convert to the first-timers' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A user with the email efe@example.org already exists');
  });
});
