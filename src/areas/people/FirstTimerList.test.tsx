// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, rows, signInWith, findRow } from '@/tests/support/adminScreen';
import { FirstTimerList } from './FirstTimerList';

const api = fakeApi();

// The charts measure their box; jsdom has no layout, so a fixed size stands in.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const person = (id: string, firstName: string, surName: string) => ({
  id,
  fullName: `${firstName} ${surName}`,
  firstName,
  lastName: surName,
  email: `${firstName.toLowerCase()}@example.org`,
  gender: 'Male',
  isFirstTimer: true,
  createdAt: '2025-05-02T10:00:00.000Z',
});
const TOBI = person('f1', 'Tobi', 'Bello');
const KEMI = person('f2', 'Kemi', 'Ade');
const SEUN = person('f3', 'Seun', 'Ojo');

const STATS = {
  total: 34,
  converted: 4,
  notConverted: 30,
  byGender: [
    { gender: 'Male', count: 20, converted: 3 },
    { gender: 'Female', count: 14, converted: 1 },
    { gender: 'Unknown', count: 0, converted: 0 },
  ],
  byWeek: [{ weekStart: '2025-04-28', count: 5, converted: 1 }],
  byMonth: [{ month: '2025-05', count: 7, converted: 2 }],
};

const ADMIN = ['CAN_VIEW_FIRSTTIMERS', 'CAN_APPROVE_FIRSTTIMERS'];

/** The list answers whoever has not been converted yet. */
function showFirstTimers(permissions = ADMIN) {
  const waiting = new Map([TOBI, KEMI, SEUN].map((p) => [p.id, p]));
  signInWith(permissions);
  api.on('GET /Admin/GetAllUsers', () => rows([...waiting.values()]));
  api.on('GET /Biodata/GetFirstTimerStats', () => ok(STATS));
  api.on('GET /CIHZone/GetAll', () => rows([{ id: 'z1', zoneName: 'Lekki Zone' }]));
  api.on('GET /Department/GetAllDepartment', () => rows([{ id: 'd1', departmentName: 'Choir' }]));
  renderScreen(<FirstTimerList />, { path: '/first-timers' });
  return waiting;
}

const rowOf = (name: string) => findRow(new RegExp(name));
async function select(...names: string[]) {
  for (const name of names) fireEvent.click(within(await rowOf(name)).getByRole('checkbox'));
}
/** Starts the bulk conversion of the selection and confirms it in the dialog. */
async function bulkConvert() {
  fireEvent.click(await screen.findByRole('button', { name: 'Convert to members' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Convert' }));
  return dialog;
}

describe('the first-timers screen', () => {
  it('shows the numbers of GetFirstTimerStats and asks the list for first-timers only', async () => {
    showFirstTimers();
    const stats = await screen.findByRole('region', { name: 'First-timer statistics' });
    const count = (name: string) => within(stats).getByRole('group', { name }).querySelector('p')?.textContent;
    // Laid out at once, each count a placeholder until the numbers arrive.
    await waitFor(() => expect(stats.getAttribute('aria-busy')).toBe('false'));
    expect(count('First-timers so far')).toBe('34');
    expect(count('Converted')).toBe('4');
    expect(count('Not converted yet')).toBe('30');
    expect(count('Came this month')).toBe('7');
    await rowOf('Tobi Bello');
    expect(api.callsTo('GET /Admin/GetAllUsers')[0].query).toMatchObject({ Kind: 'firsttimer', PageNumber: '1' });
  });

  it('converts the selected ids in one call, with a progress bar while it runs and the summary after; they leave the list', async () => {
    const waiting = showFirstTimers();
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    api.on('PUT /Admin/BulkConvertFirstTimersToMembers', async (call) => {
      await answered;
      for (const id of (call.body as { ids: string[] }).ids) waiting.delete(id);
      return ok({ converted: 2 }, { message: '2 first-timers converted to members' });
    });
    await select('Tobi Bello', 'Seun Ojo');
    const dialog = await bulkConvert();
    expect(within(dialog).getByRole('heading', { name: 'Convert 2 first-timers to members?' })).toBeTruthy();

    expect(await within(dialog).findByRole('progressbar', { name: 'Converting 2 first-timers…' })).toBeTruthy();
    expect(api.callsTo('PUT /Admin/BulkConvertFirstTimersToMembers')[0].body).toEqual({ ids: ['f1', 'f3'] });
    release();

    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', '2 first-timers converted to members');
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Tobi Bello/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Kemi Ade/ })).toBeTruthy();
    expect(screen.queryByRole('row', { name: /Seun Ojo/ })).toBeNull();
  });

  it("shows the server's refusal naming the bad ids, and the list stays as it was", async () => {
    showFirstTimers();
    const message = 'Nothing was converted: not first-timers: f2';
    api.on('PUT /Admin/BulkConvertFirstTimersToMembers', () => refusal(400, message));
    await select('Kemi Ade');
    const dialog = await bulkConvert();
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', message);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('row', { name: /Kemi Ade/ })).toBeTruthy();
    expect(screen.getByText('1 item selected')).toBeTruthy();
  });

  it('converts one from its row after a confirmation', async () => {
    showFirstTimers();
    api.on('PUT /Admin/ConvertFirstTimersToMembers', () => ok({ converted: 1 }, { message: '1 first-timer converted to member' }));
    fireEvent.click(await within(await rowOf('Kemi Ade')).findByRole('button', { name: 'Convert Kemi Ade' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Convert Kemi Ade to a member?')).toBeTruthy();
    expect(api.callsTo('PUT /Admin/ConvertFirstTimersToMembers')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('1 first-timer converted to member')).toBeTruthy();
    expect(api.callsTo('PUT /Admin/ConvertFirstTimersToMembers')[0].query).toEqual({ Id: 'f2' });
  });

  it('offers no conversion without CAN_APPROVE_FIRSTTIMERS', async () => {
    showFirstTimers(['CAN_VIEW_FIRSTTIMERS']);
    await select('Tobi Bello');
    expect(await screen.findByText('1 item selected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Convert to members' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Convert / })).toBeNull();
  });
});
