// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, findRow, ok, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { CenterWork } from './CenterWork';
import { CihOverview } from './CihOverview';
import { FollowUpHistory, FollowUpList } from './FollowUpPages';
import { CenterReports, ZoneReports } from './ReportPages';
import { localToday } from './TakeAttendance';

const api = fakeApi();

// The charts measure their box; jsdom has no layout, so a fixed size stands in.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const CENTER = '00000000-0000-4000-8000-000000000201';
const MEMBERS = ['Ada Obi', 'Bola Ade', 'Chidi Eze', 'Dayo Oke'].map((fullName, i) => ({
  id: `00000000-0000-4000-8000-00000000030${i}`,
  fullName,
}));
const LEADER = ['CAN_VIEW_CIH_CENTER', 'CAN_VIEW_CIH_REPORTS', 'CAN_CREATE_CIH_REPORTS'];

function centerApi() {
  api.on('GET /CIHAttendance/GetAbsentees', () => ok([{ userId: MEMBERS[3].id, name: 'Dayo Oke', missed: 2, openFollowUp: false }]));
  api.on('GET /CIHAttendance/GetAll', () =>
    rows([{ id: 'm1', meetingDate: '2026-11-16', presentCount: 3, membersCount: 4, visitorCount: 1 }]),
  );
  api.on('GET /CIHActivityReport/GetAll', () =>
    rows([{ id: 'r1', topic: 'Walking in love', reportDate: '2026-11-16', status: 'submitted' }]),
  );
}

/** The options a select offers, opened as a user opens it. */
async function optionsOf(select: HTMLElement) {
  fireEvent.mouseDown(select);
  const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  return options;
}

const markOf = (name: string, mark: 'Present' | 'Absent') =>
  fireEvent.click(within(screen.getByRole('group', { name })).getByRole('button', { name: mark }));

describe('/cih/center', () => {
  it('takes attendance with one tap per member, refuses to save until everyone is marked, and sends visitors', async () => {
    signInWith(LEADER);
    centerApi();
    api.on('POST /CIHAttendance/Create', () => ok({ id: 'm2' }, { message: 'Successfully Created' }));
    renderScreen(<CenterWork centerId={CENTER} members={MEMBERS} />, { path: '/cih/center' });
    const save = await screen.findByRole('button', { name: 'Save attendance' });
    markOf('Ada Obi', 'Present');
    markOf('Bola Ade', 'Present');
    markOf('Chidi Eze', 'Present');
    expect(screen.getByText('3 of 4 marked · 3 present')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    markOf('Dayo Oke', 'Absent');
    expect((save as HTMLButtonElement).disabled).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: 'Visitor name' }), { target: { value: 'Yemi Guest' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Visitor phone' }), { target: { value: '0803' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'First-timer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add visitor' }));
    expect(screen.getByText('Yemi Guest · First-timer')).toBeTruthy();
    fireEvent.click(save);
    expect(await screen.findByText('Attendance saved')).toBeTruthy();
    expect(api.callsTo('POST /CIHAttendance/Create')[0].body).toEqual({
      centerId: CENTER,
      meetingDate: localToday(),
      marks: MEMBERS.map((m, i) => ({ userId: m.id, present: i < 3 })),
      visitors: [{ name: 'Yemi Guest', phone: '0803', firstTimer: true }],
    });
  });

  it('marks the rest absent with one button, and says when a date was updated', async () => {
    signInWith(LEADER);
    centerApi();
    api.on('POST /CIHAttendance/Create', () => ok({ id: 'm1' }, { message: 'Details updated' }));
    renderScreen(<CenterWork centerId={CENTER} members={MEMBERS} />, { path: '/cih/center' });
    await screen.findByRole('button', { name: 'Save attendance' });
    markOf('Ada Obi', 'Present');
    fireEvent.click(screen.getByRole('button', { name: 'Mark the rest absent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByText('Attendance of this date updated')).toBeTruthy();
    expect((api.callsTo('POST /CIHAttendance/Create')[0].body as { marks: unknown[] }).marks).toEqual(
      MEMBERS.map((m, i) => ({ userId: m.id, present: i === 0 })),
    );
  });

  it('shows recent reports and the absentees of the last three meetings, each opening their follow-up', async () => {
    signInWith(LEADER);
    centerApi();
    renderScreen(<CenterWork centerId={CENTER} members={MEMBERS} />, { path: '/cih/center' });
    expect(await screen.findByText('Walking in love')).toBeTruthy();
    expect(await screen.findByText('3 of 4 present · 1 visitors')).toBeTruthy();
    expect(await screen.findByText('Missed 2 meetings')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Follow up' }).getAttribute('href')).toBe(`/cih/reports/followup/${MEMBERS[3].id}/Dayo%20Oke`);
    expect(api.callsTo('GET /CIHAttendance/GetAbsentees')[0].query).toMatchObject({ CenterId: CENTER });
    expect(api.callsTo('GET /CIHAttendance/GetAll')[0].query).toMatchObject({ CenterId: CENTER, PageSize: '5' });
  });

  it('files an activity report as submitted', async () => {
    signInWith(LEADER);
    centerApi();
    api.on('POST /CIHActivityReport/Create', (call) => ok({ id: 'r2', ...(call.body as object) }));
    renderScreen(<CenterWork centerId={CENTER} members={MEMBERS} />, { path: '/cih/center' });
    const submit = await screen.findByRole('button', { name: 'Submit report' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Topic / teaching' }), { target: { value: 'Faith' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Testimonies' }), { target: { value: 'A new job' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Souls won' }), { target: { value: '2' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Report submitted')).toBeTruthy();
    expect(api.callsTo('POST /CIHActivityReport/Create')[0].body).toEqual({
      centerId: CENTER,
      reportDate: localToday(),
      topic: 'Faith',
      testimonies: 'A new job',
      prayerRequests: '',
      challenges: '',
      soulsWon: 2,
      status: 'submitted',
    });
  });

  /** Meeting m1 as GetById answers it: two marks and a visitor, sent or not yet. */
  const meetingM1 = (firstTimerId: string | null) => ({
    id: 'm1',
    centerId: CENTER,
    meetingDate: '2026-11-16',
    childrenCount: 2,
    offering: null,
    notes: null,
    updatedAt: '2026-11-16T20:00:00.000Z',
    marks: [
      { userId: MEMBERS[0].id, name: 'Ada Obi', present: true },
      { userId: MEMBERS[1].id, name: 'Bola Ade', present: false },
    ],
    visitors: [{ id: 'v1', name: 'Yemi Guest', phone: '0803', email: 'yemi@example.org', firstTimer: false, firstTimerId }],
  });

  it('opens an earlier meeting and makes a visitor a first-timer with one click; a leader without the update right cannot edit the meeting', async () => {
    signInWith(LEADER);
    centerApi();
    let sent: string | null = null;
    api.on('GET /CIHAttendance/GetById', () => ok(meetingM1(sent)));
    api.on('PUT /CIHAttendance/VisitorToFirstTimer', () => {
      sent = 'u9';
      return ok({ firstTimerId: 'u9' }, { message: 'Visitor added to the first-timers' });
    });
    renderScreen(<CenterWork centerId={CENTER} members={MEMBERS} />, { path: '/cih/center' });
    fireEvent.click(await screen.findByRole('button', { name: /^Open the meeting of/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Make Yemi Guest a first-timer' }));
    expect(await within(dialog).findByText('On the first-timer list')).toBeTruthy();
    expect(api.callsTo('PUT /CIHAttendance/VisitorToFirstTimer')[0].query).toEqual({ visitorId: 'v1' });
    expect(within(dialog).queryByRole('button', { name: 'Make Yemi Guest a first-timer' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Edit meeting' })).toBeNull();
  });

  it('a pastor edits an earlier meeting’s marks through Update, keeping its visitors', async () => {
    signInWith([...LEADER, 'CAN_UPDATE_CIH_REPORTS']);
    centerApi();
    api.on('GET /CIHAttendance/GetById', () => ok(meetingM1('u9')));
    api.on('PUT /CIHAttendance/Update', (call) => ok({ ...meetingM1('u9'), ...(call.body as object) }, { message: 'Details updated' }));
    renderScreen(<CenterWork centerId={CENTER} members={MEMBERS} />, { path: '/cih/center' });
    fireEvent.click(await screen.findByRole('button', { name: /^Open the meeting of/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Edit meeting' }));
    fireEvent.click(within(within(dialog).getByRole('group', { name: 'Bola Ade' })).getByRole('button', { name: 'Present' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Meeting updated')).toBeTruthy();
    expect(api.callsTo('PUT /CIHAttendance/Update')[0].body).toEqual({
      id: 'm1',
      centerId: CENTER,
      meetingDate: '2026-11-16',
      marks: [
        { userId: MEMBERS[0].id, present: true },
        { userId: MEMBERS[1].id, present: true },
      ],
      visitors: [{ id: 'v1', name: 'Yemi Guest', phone: '0803', email: 'yemi@example.org', firstTimer: false }],
      childrenCount: 2,
      updatedAt: '2026-11-16T20:00:00.000Z',
    });
  });
  it('a coordinator edits, removes and adds visitors of an earlier meeting, saved by saving its date again; the marks stay as stored', async () => {
    signInWith(LEADER);
    centerApi();
    const meeting = meetingM1('u9');
    meeting.visitors.push({ id: 'v2', name: 'Tobi Once', phone: '0805', email: 'tobi@example.org', firstTimer: false, firstTimerId: null });
    api.on('GET /CIHAttendance/GetById', () => ok(meeting));
    api.on('POST /CIHAttendance/Create', (call) => ok({ ...meeting, ...(call.body as object) }, { message: 'Details updated' }));
    renderScreen(<CenterWork centerId={CENTER} members={MEMBERS} />, { path: '/cih/center' });
    fireEvent.click(await screen.findByRole('button', { name: /^Open the meeting of/ }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(await dialog.findByRole('button', { name: 'Edit visitors' }));
    // Marks are a pastor's to change: no Present / Absent pairs here.
    expect(dialog.queryByRole('group', { name: 'Bola Ade' })).toBeNull();
    // The visitor on the first-timer list is edited, not removed.
    expect(dialog.queryByRole('button', { name: 'Remove visitor Yemi Guest' })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Edit visitor Yemi Guest' }));
    expect((dialog.getByRole('textbox', { name: 'Visitor name' }) as HTMLInputElement).value).toBe('Yemi Guest');
    expect((dialog.getByRole('checkbox', { name: 'First-timer' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(dialog.getByRole('textbox', { name: 'Visitor name' }), { target: { value: 'Yemi Adeola Guest' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Visitor phone' }), { target: { value: '08039998888' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Update visitor' }));
    expect(dialog.getByText('Yemi Adeola Guest')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Remove visitor Tobi Once' }));
    expect(dialog.queryByText('Tobi Once')).toBeNull();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Visitor name' }), { target: { value: 'Kemi New' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Visitor email' }), { target: { value: 'kemi@example.org' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: 'First-timer' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add visitor' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Meeting updated')).toBeTruthy();
    expect(api.callsTo('PUT /CIHAttendance/Update')).toHaveLength(0);
    expect(api.callsTo('POST /CIHAttendance/Create')[0].body).toEqual({
      centerId: CENTER,
      meetingDate: '2026-11-16',
      marks: [
        { userId: MEMBERS[0].id, present: true },
        { userId: MEMBERS[1].id, present: false },
      ],
      visitors: [
        { id: 'v1', name: 'Yemi Adeola Guest', phone: '08039998888', email: 'yemi@example.org', firstTimer: false },
        { name: 'Kemi New', email: 'kemi@example.org', firstTimer: true },
      ],
      childrenCount: 2,
    });
  });

  it('a pastor edits the marks and a visitor together through Update', async () => {
    signInWith([...LEADER, 'CAN_UPDATE_CIH_REPORTS']);
    centerApi();
    api.on('GET /CIHAttendance/GetById', () => ok(meetingM1(null)));
    api.on('PUT /CIHAttendance/Update', (call) => ok({ ...meetingM1(null), ...(call.body as object) }, { message: 'Details updated' }));
    renderScreen(<CenterWork centerId={CENTER} members={MEMBERS} />, { path: '/cih/center' });
    fireEvent.click(await screen.findByRole('button', { name: /^Open the meeting of/ }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(await dialog.findByRole('button', { name: 'Edit meeting' }));
    fireEvent.click(within(dialog.getByRole('group', { name: 'Ada Obi' })).getByRole('button', { name: 'Absent' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove visitor Yemi Guest' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Meeting updated')).toBeTruthy();
    expect(api.callsTo('PUT /CIHAttendance/Update')[0].body).toMatchObject({
      id: 'm1',
      marks: [
        { userId: MEMBERS[0].id, present: false },
        { userId: MEMBERS[1].id, present: false },
      ],
      visitors: [],
    });
  });
});

describe('/cih/reports', () => {
  it('centers: the inspectorate files an inspection, and reads reports, meetings and inspections with their filters', async () => {
    signInWith(['CAN_VIEW_CIH_CENTER', 'CAN_VIEW_CIH_MANAGEMENT', 'CAN_VIEW_CIH_REPORTS', 'CAN_CREATE_CIH_REPORTS']);
    api.on('GET /Center/GetAll', () => rows([{ id: CENTER, centerName: 'Ajah Center' }]));
    api.on('GET /CIHZone/GetAll', () => rows([{ id: 'z1', zoneName: 'Lekki Zone' }]));
    api.on('GET /CIHActivityReport/GetAll', () =>
      rows([
        {
          id: 'r1',
          reportDate: '2026-11-16',
          centerName: 'Ajah Center',
          zoneId: 'z1',
          zoneName: 'Lekki Zone',
          topic: 'Walking in love',
          status: 'submitted',
        },
      ]),
    );
    api.on('GET /CIHAttendance/GetAll', () => rows([]));
    api.on('GET /CIHInspectionReport/GetAll', () =>
      rows([{ id: 'i1', visitDate: '2026-11-10', centerName: 'Ajah Center', averageScore: 4.25, remarks: 'Well kept' }]),
    );
    api.on('POST /CIHInspectionReport/Create', (call) => ok({ id: 'i2', ...(call.body as object) }));
    renderScreen(<CenterReports />, { path: '/cih/reports/centers' });
    expect(within(await findRow('Walking in love')).getByText('Submitted')).toBeTruthy();
    expect(await screen.findByText('Well kept')).toBeTruthy();
    expect(await optionsOf(screen.getByRole('combobox', { name: 'Status' }))).toEqual(['Any', 'Draft', 'Submitted']);
    const form = within(screen.getByRole('region', { name: 'Inspection of a center' }));
    fireEvent.mouseDown(form.getByRole('combobox', { name: 'Center' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ajah Center' }));
    fireEvent.mouseDown(form.getByRole('combobox', { name: 'Leadership' }));
    fireEvent.click(await screen.findByRole('option', { name: '5' }));
    fireEvent.change(form.getByRole('textbox', { name: 'Remarks' }), { target: { value: 'Good hosts' } });
    fireEvent.click(form.getByRole('button', { name: 'Save inspection' }));
    expect(await screen.findByText('Inspection saved')).toBeTruthy();
    expect(api.callsTo('POST /CIHInspectionReport/Create')[0].body).toMatchObject({
      centerId: CENTER,
      visitDate: localToday(),
      punctuality: 3,
      venueCondition: 3,
      leadership: 5,
      materials: 3,
      remarks: 'Good hosts',
    });
  });

  it('centers: a center’s leader sees no inspection form', async () => {
    signInWith(LEADER);
    api.on('GET /Center/GetAll', () => rows([]));
    api.on('GET /CIHZone/GetAll', () => rows([]));
    api.on('GET /CIHActivityReport/GetAll', () => rows([]));
    api.on('GET /CIHAttendance/GetAll', () => rows([]));
    api.on('GET /CIHInspectionReport/GetAll', () => rows([]));
    renderScreen(<CenterReports />, { path: '/cih/reports/centers' });
    expect(await screen.findByRole('heading', { name: 'Inspection reports' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /CIHInspectionReport/GetAll').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Save inspection' })).toBeNull();
    // Empty lists say what belongs in them, and lead the leader to their center's page to file it.
    expect(await screen.findByText(/^No activity reports filed yet/)).toBeTruthy();
    expect(await screen.findByText(/^No attendance taken yet/)).toBeTruthy();
    expect(await screen.findByText(/^No inspection reports yet/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Go to my center' })[0].getAttribute('href')).toBe('/cih/center');
  });

  it('zones: the church’s figures, the centers that did not meet this week, and each zone opening its centers', async () => {
    signInWith(['CAN_VIEW_CIH_CENTER', 'CAN_VIEW_INSPECTORATE_DASHBOARD']);
    api.on('GET /Stats/GetCIHDasboardStats', () =>
      ok({
        meetings: 12,
        present: 90,
        members: 120,
        visitors: 7,
        firstTimers: 3,
        attendanceRate: 75,
        openFollowUps: 4,
        activityReports: { submitted: 10, drafts: 1, soulsWon: 5 },
        series: [
          {
            week: '2026-11-09',
            meetings: 11,
            present: 80,
            members: 118,
            visitors: 5,
            firstTimers: 4,
            sentToFirstTimers: 3,
            firstTimersConverted: 2,
            attendanceRate: 67.8,
            conversionRate: 50,
          },
          {
            week: '2026-11-16',
            meetings: 12,
            present: 90,
            members: 120,
            visitors: 7,
            firstTimers: 3,
            sentToFirstTimers: 1,
            firstTimersConverted: 0,
            attendanceRate: 75,
            conversionRate: 0,
          },
        ],
        zones: [{ zoneId: 'z1', zoneName: 'Lekki Zone', centers: 3, meetings: 12, present: 90, members: 120, attendanceRate: 75 }],
        notReportedThisWeek: [{ centerId: 'c9', centerName: 'Ajah Center' }],
        centerCount: 3,
      }),
    );
    renderScreen(<ZoneReports />, { path: '/cih/reports/zones' });
    expect(within(await screen.findByRole('group', { name: 'Attendance rate' })).getByText('75%')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Open follow-ups' })).getByText('4')).toBeTruthy();
    expect(screen.getByText('1 center did not meet this week')).toBeTruthy();
    expect(screen.getByText('Ajah Center')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lekki Zone' }).getAttribute('href')).toBe('/cih/reports/centers/z1/Lekki%20Zone');

    // The weekly first-timers and conversions as bars, one series each, named in the legend.
    const chart = screen.getByRole('region', { name: 'First-timers and their conversion' });
    expect([...chart.querySelectorAll('.MuiChartsLegend-label')].map((l) => l.textContent)).toEqual([
      'First-timers',
      'Converted to members',
    ]);
    const heights = [...chart.querySelectorAll('.MuiBarChart-series')].map((g) =>
      [...g.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height'))),
    );
    // Heights in proportion to the values: the tallest bar is week 1's four first-timers.
    const unit = heights[0][0] / 4;
    expect(heights.map((series) => series.map((h) => Math.round(h / unit)))).toEqual([
      [4, 3],
      [2, 0],
    ]);
  });

  it('follow-up history: one person’s follow-ups, and a new one filed for the leader’s center', async () => {
    signInWith(LEADER);
    const person = MEMBERS[3].id;
    api.on('GET /Center/GetMyCenter', () => ok({ center: { id: CENTER, centerName: 'Ajah Center' }, members: [], leaders: [] }));
    api.on('GET /FollowUpReport/GetAll', () =>
      rows([
        {
          id: 'f1',
          personId: person,
          personName: 'Dayo Oke',
          reason: 'absentee',
          followUpDate: '2026-11-20',
          channel: 'call',
          outcome: 'Was ill',
          status: 'open',
        },
      ]),
    );
    api.on('POST /FollowUpReport/Create', (call) => ok({ id: 'f2', ...(call.body as object) }));
    renderScreen(<FollowUpHistory />, { path: '/cih/reports/followup/:id/:name', at: `/cih/reports/followup/${person}/Dayo%20Oke` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dayo Oke' })).toBeTruthy();
    const row = within(await findRow('Was ill'));
    expect(['Absentee', 'Call', 'Open'].map((word) => row.getByText(word))).toHaveLength(3);
    await waitFor(() => expect(api.callsTo('GET /FollowUpReport/GetAll')[0].query).toMatchObject({ PersonId: person }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Outcome' }), { target: { value: 'Coming Sunday' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save follow-up' }));
    expect(await screen.findByText('Follow-up saved')).toBeTruthy();
    expect(api.callsTo('POST /FollowUpReport/Create')[0].body).toMatchObject({
      personId: person,
      centerId: CENTER,
      channel: 'call',
      reason: 'absentee',
      outcome: 'Coming Sunday',
    });
  });
});

describe('/cih/reports/followup', () => {
  it('shows reason, channel and status in words, and offers the statuses in words', async () => {
    signInWith(LEADER);
    api.on('GET /Center/GetAll', () => rows([]));
    api.on('GET /FollowUpReport/GetAll', () =>
      rows([{ id: 'f1', personId: 'p1', personName: 'Dayo Oke', reason: 'firstTimer', channel: 'visit', status: 'closed' }]),
    );
    renderScreen(<FollowUpList />, { path: '/cih/reports/followup' });
    const row = within(await findRow('Dayo Oke'));
    expect(['First-timer', 'Visit', 'Closed'].map((word) => row.getByText(word))).toHaveLength(3);
    expect(await optionsOf(screen.getByRole('combobox', { name: 'Status' }))).toEqual(['Any', 'Open', 'Closed']);

    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:csv'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export' })));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const [, first] = (await blobs[0].text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(first).toBe('Dayo Oke,First-timer,,Visit,,,Closed,,');
  });

  it('says what files a follow-up while there are none, and leads a leader to their center', async () => {
    signInWith(LEADER);
    api.on('GET /Center/GetAll', () => rows([]));
    api.on('GET /FollowUpReport/GetAll', () => rows([]));
    renderScreen(<FollowUpList />, { path: '/cih/reports/followup' });
    expect(await screen.findByText(/^No follow-ups yet/)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Go to my center' })).getAttribute('href')).toBe('/cih/center');
  });
});

describe('the overview', () => {
  it('shows a center’s leader the figures of their own center', async () => {
    const pastor = { fullName: 'Pat Pastor', cihRole: 'cihpastor' };
    signInWith(LEADER, pastor);
    api.on('GET /Center/GetMyCenter', () => ok({ center: { id: CENTER, centerName: 'Ajah Center' }, members: [], leaders: [] }));
    api.on('GET /Stats/GetCIHStats', () =>
      ok({
        meetings: 2,
        present: 7,
        members: 8,
        visitors: 1,
        firstTimers: 1,
        attendanceRate: 87.5,
        openFollowUps: 0,
        activityReports: { submitted: 2, drafts: 0, soulsWon: 1 },
        series: [],
      }),
    );
    renderScreen(<CihOverview />, { path: '/overview' });
    expect(await screen.findByRole('heading', { name: 'My CIH center' })).toBeTruthy();
    expect(within(await screen.findByRole('group', { name: 'Attendance rate' })).getByText('87.5%')).toBeTruthy();
    expect(screen.getByText('No meetings in the last 26 weeks.')).toBeTruthy();
    expect(api.callsTo('GET /Stats/GetCIHStats')[0].query).toMatchObject({ CenterId: CENTER });
  });

  it('shows nothing to a member who leads no center', async () => {
    signInWith([]);
    renderScreen(<CihOverview />, { path: '/overview' });
    await waitFor(() => expect(screen.queryByRole('heading')).toBeNull());
    expect(api.callsTo('GET /Stats/GetCIHDasboardStats')).toHaveLength(0);
  });
});
