// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, findRow, ok, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { GoalsPage } from './GoalsPage';

const api = fakeApi();

const HOD = ['CAN_VIEW_GOALS', 'CAN_CREATE_GOALS', 'CAN_UPDATE_GOALS'];
const GOAL = {
  id: 'g1',
  title: 'Ten new choristers',
  scope: 'department',
  placeName: 'Choir',
  metric: 'membersAdded',
  target: 10,
  value: 4,
  fraction: 0.4,
  pacePerWeek: 1.4,
  status: 'behind',
  startDate: '2030-01-01',
  endDate: '2030-03-31',
  ownerId: 'u1',
  ownerName: 'Emeka Nwosu',
};

function show(list: object[] = [GOAL], may = { mayEdit: true, mayDelete: false }, permissions = HOD) {
  signInWith(permissions, { roles: ['hod'] });
  api.on('GET /Goal/GetAll', () => rows(list));
  api.on('GET /Goal/GetById', () =>
    ok({
      ...GOAL,
      series: [
        { day: '2030-01-01', value: 1 },
        { day: '2030-01-02', value: 4 },
      ],
      notes: [],
      departmentId: 'd1',
      ...may,
    }),
  );
  api.on('GET /Department/GetAllDepartment', () => rows([{ id: 'd1', departmentName: 'Choir' }]));
  renderScreen(<GoalsPage />, { path: '/goals' });
}

describe('/goals', () => {
  it('shows each goal’s progress, the pace needed and its status', async () => {
    show();
    const row = await findRow(/Ten new choristers/);
    expect(within(row).getByText('4 of 10')).toBeTruthy();
    expect(within(row).getByText('Behind')).toBeTruthy();
    expect(within(row).getByText('1.4')).toBeTruthy();
    expect(within(row).getByRole('progressbar', { name: 'Progress of Ten new choristers' }).getAttribute('aria-valuenow')).toBe('40');
  });

  it('says what to do when there are no goals', async () => {
    show([]);
    expect(await screen.findByText(/No goals yet/)).toBeTruthy();
  });

  it('sets a department goal', async () => {
    show([]);
    api.on('POST /Goal/Create', () => ok(GOAL, { message: 'Goal saved' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Set a goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a goal' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), { target: { value: 'Ten new choristers' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Department/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Choir' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByText('Goal saved')).toBeTruthy();
    expect(api.callsTo('POST /Goal/Create')[0].body).toMatchObject({
      title: 'Ten new choristers',
      scope: 'department',
      departmentId: 'd1',
      metric: 'membersAdded',
      target: 10,
    });
  });

  it('opens a goal’s chart', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Ten new choristers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ten new choristers' });
    expect(await within(dialog).findByRole('img', { name: 'Progress over time' })).toBeTruthy();
  });

  it('changes a goal in the head’s reach, and offers no delete to a head', async () => {
    show();
    api.on('PUT /Goal/Update', () => ok(GOAL, { message: 'Goal saved' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ten new choristers' }));
    const detail = await screen.findByRole('dialog', { name: 'Ten new choristers' });
    expect(within(detail).queryByRole('button', { name: 'Delete the goal' })).toBeNull();
    fireEvent.click(await within(detail).findByRole('button', { name: 'Change the goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the goal' });
    const target = within(dialog).getByRole('spinbutton', { name: /Target/ });
    expect((target as HTMLInputElement).value).toBe('10');
    fireEvent.change(target, { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByText('Goal saved')).toBeTruthy();
    expect(api.callsTo('PUT /Goal/Update')[0].body).toMatchObject({ id: 'g1', scope: 'department', departmentId: 'd1', target: 12 });
  });

  it('lets the office delete a goal after asking', async () => {
    show([GOAL], { mayEdit: true, mayDelete: true }, [...HOD, 'CAN_DELETE_GOALS']);
    api.on('DELETE /Goal/Delete', () => ok(null, { message: 'Goal deleted' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ten new choristers' }));
    const detail = await screen.findByRole('dialog', { name: 'Ten new choristers' });
    fireEvent.click(await within(detail).findByRole('button', { name: 'Delete the goal' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Ten new choristers?' });
    fireEvent.click(within(confirm).getByRole('button', { name: /Confirm/ }));
    expect(await screen.findByText('Goal deleted')).toBeTruthy();
    expect(api.callsTo('DELETE /Goal/Delete')[0].query).toMatchObject({ id: 'g1' });
  });
});
