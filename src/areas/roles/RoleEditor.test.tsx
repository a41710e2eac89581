// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MODULES, permissionString } from '@/domain/roles/permissions';
import { fakeApi, ok, refusal, renderScreen, signInWith } from '@/tests/support/adminScreen';
import type { RoleRecord } from '@/domain/common/records';
import { RoleEditor } from './RoleEditor';

const api = fakeApi();

/** GetPlatformModules as the server answers it: the domain catalogue. */
const MODULE_ROWS = MODULES.map((m) => ({
  moduleName: m.name,
  accessRights: m.rights,
  permissions: m.rights.map((accessRight) => permissionString({ accessRight, moduleName: m.name })),
}));

const USHERS: RoleRecord = { id: 'r7', name: 'Ushers', description: 'Seat people', isSystem: false, userCount: 2 };

function openEditor(role?: RoleRecord) {
  signInWith(['CAN_VIEW_ROLES', 'CAN_CREATE_ROLES', 'CAN_UPDATE_ROLES']);
  api.on('GET /Roles/GetPlatformModules', () => ok(MODULE_ROWS));
  api.on('POST /Roles/CreateRole', (call) => ok({ id: 'r8', ...(call.body as object) }));
  api.on('PUT /Roles/UpdateRole', (call) => ok(call.body));
  const onClose = vi.fn();
  renderScreen(<RoleEditor role={role} onClose={onClose} />, { path: '/' });
  return onClose;
}

// The matrix holds about a hundred boxes, each named by its aria-label: a role query over all of
// them takes seconds in jsdom on a busy machine, so these two read the boxes directly.
const boxes = () => [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
const box = (name: string) => {
  const found = boxes().find((b) => b.getAttribute('aria-label') === name);
  if (!found) throw new Error(`No checkbox named ${name}`);
  return found;
};
/** The names of the ticked boxes, of cells and of select-alls alike. */
const ticked = () =>
  boxes()
    .filter((b) => b.checked)
    .map((b) => b.getAttribute('aria-label'));
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('the role editor', () => {
  it("shows each module's own rights only, the others blank", async () => {
    openEditor();
    await screen.findByRole('checkbox', { name: 'All of Members' });
    expect(screen.queryByRole('checkbox', { name: 'Approve Members' })).toBeNull();
    expect(box('Approve First-timers')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Create Admin Dashboard' })).toBeNull();
    expect(screen.getAllByRole('checkbox', { name: /^(View|Create|Update|Delete|Approve) (?!for every module)/ })).toHaveLength(
      MODULES.reduce((n, m) => n + m.rights.length, 0),
    );
    expect(screen.getByText(/takes effect at once/)).toBeTruthy();
  });

  it("select-all of a module ticks exactly that module's rights, and clears them again", async () => {
    openEditor();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'All of Members' }));
    expect(ticked()).toEqual(['All of Members', 'View Members', 'Create Members', 'Update Members', 'Delete Members']);
    // The columns are now partly chosen.
    expect(box('View for every module').checked).toBe(false);
    expect(box('View for every module').getAttribute('data-indeterminate')).toBe('true');
    fireEvent.click(box('All of Members'));
    expect(ticked()).toEqual([]);
  });

  it('select-all of a column ticks that right in every module that has it', async () => {
    openEditor();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Approve for every module' }));
    const approving = MODULES.filter((m) => m.rights.includes('CAN_APPROVE')).length;
    expect(ticked().filter((name) => name?.startsWith('Approve '))).toHaveLength(approving + 1);
    expect(ticked().every((name) => name?.startsWith('Approve '))).toBe(true);
  });

  it('requires a name before it sends anything', async () => {
    openEditor();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'View Departments' }));
    save();
    expect(await screen.findByText('Role name is required')).toBeTruthy();
    expect(api.callsTo('POST /Roles/CreateRole')).toHaveLength(0);
  });

  it('creates the role with the chosen permission strings, in the catalogue order', async () => {
    const onClose = openEditor();
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: '  Ushers ' } });
    fireEvent.click(box('View Departments'));
    fireEvent.click(box('View Affinity groups'));
    save();
    await waitFor(() => expect(api.callsTo('POST /Roles/CreateRole')).toHaveLength(1));
    expect(api.callsTo('POST /Roles/CreateRole')[0].body).toEqual({
      name: 'Ushers',
      permissions: ['CAN_VIEW_AFFINITYGROUPS', 'CAN_VIEW_DEPARTMENT'],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("edits a role from its permissions and sends the new set with the role's id", async () => {
    api.on('GET /Roles/GetRolePermissions', () =>
      ok([{ accessRight: 'CAN_VIEW', moduleName: 'Department', permission: 'CAN_VIEW_DEPARTMENT' }]),
    );
    openEditor(USHERS);
    await screen.findByRole('checkbox', { name: 'All of Members' });
    expect(api.callsTo('GET /Roles/GetRolePermissions')[0].query).toEqual({ RoleId: 'r7' });
    expect(ticked()).toEqual(['View Departments']);
    fireEvent.click(box('View Departments'));
    fireEvent.click(box('Update Members'));
    save();
    await waitFor(() => expect(api.callsTo('PUT /Roles/UpdateRole')).toHaveLength(1));
    expect(api.callsTo('PUT /Roles/UpdateRole')[0].body).toEqual({
      id: 'r7',
      name: 'Ushers',
      description: 'Seat people',
      permissions: ['CAN_UPDATE_MEMBERS'],
    });
    expect(await screen.findByText(/Role updated\. The change takes effect/)).toBeTruthy();
  });
});

describe('a stale save of a role', () => {
  const STALE = 'This record was changed by someone else since you opened it';
  const loaded = { ...USHERS, updatedAt: '2026-11-23T10:00:00.000Z' };
  const theirs = { ...USHERS, name: 'Chief ushers', description: 'Seat and greet', updatedAt: '2026-11-23T11:00:00.000Z' };

  /** Opens Ushers holding View Departments, types a name and ticks Update Members, and saves into a 409. */
  async function saveIntoConflict() {
    api.on('GET /Roles/GetRolePermissions', () =>
      ok([{ accessRight: 'CAN_VIEW', moduleName: 'Department', permission: 'CAN_VIEW_DEPARTMENT' }]),
    );
    api.on('GET /Roles/GetRole', () =>
      ok({ ...theirs, permissions: [{ accessRight: 'CAN_VIEW', moduleName: 'Members', permission: 'CAN_VIEW_MEMBERS' }] }),
    );
    const onClose = openEditor(loaded);
    api.on('PUT /Roles/UpdateRole', () => refusal(409, STALE));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Door ushers' } });
    fireEvent.click(box('Update Members'));
    save();
    await screen.findByText(STALE);
    expect(api.callsTo('PUT /Roles/UpdateRole')[0].body).toMatchObject({ updatedAt: loaded.updatedAt });
    return onClose;
  }

  it('offers Reload, which puts the role as it is now in the form, and saves from that version', async () => {
    const onClose = await saveIntoConflict();
    const reload = screen.getByRole('button', { name: 'Reload' });
    // A button inside the dialog, so in its focus trap: reachable by Tab, pressed with Enter.
    reload.focus();
    expect(document.activeElement).toBe(reload);
    fireEvent.click(reload);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Chief ushers'));
    expect(api.callsTo('GET /Roles/GetRole')[0].query).toEqual({ RoleId: 'r7' });
    expect(screen.getByLabelText<HTMLTextAreaElement>('Description').value).toBe('Seat and greet');
    expect(ticked()).toEqual(['View Members']);
    expect(screen.queryByText(STALE)).toBeNull();
    api.on('PUT /Roles/UpdateRole', (call) => ok(call.body));
    save();
    await waitFor(() => expect(api.callsTo('PUT /Roles/UpdateRole')).toHaveLength(2));
    expect(api.callsTo('PUT /Roles/UpdateRole')[1].body).toMatchObject({ name: 'Chief ushers', updatedAt: theirs.updatedAt });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('offers Keep editing, which leaves what was typed and fetches nothing', async () => {
    const onClose = await saveIntoConflict();
    const keep = screen.getByRole('button', { name: 'Keep editing' });
    keep.focus();
    expect(document.activeElement).toBe(keep);
    fireEvent.click(keep);
    await waitFor(() => expect(screen.queryByText(STALE)).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Door ushers');
    expect(ticked().sort()).toEqual(['Update Members', 'View Departments']);
    expect(api.callsTo('GET /Roles/GetRole')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});
