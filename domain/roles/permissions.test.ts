import { describe, expect, it } from 'vitest';
import { ACCESS_RIGHTS, ALL_PERMISSIONS, MODULES, P, PERMISSION_CATALOGUE, SPEC_PERMISSIONS, permissionString } from './permissions.js';
import { ASSIGNABLE_ROLES, CIH_ROLES, DEFAULT_ROLE_PERMISSIONS, PLATFORM_ROLES } from './roles.js';

describe('permissionString (upper-case access right, underscore, module name)', () => {
  it.each([
    [{ accessRight: 'can_view', moduleName: 'User Management' }, 'CAN_VIEW_USER_MANAGEMENT'],
    [{ accessRight: 'CAN_UPDATE', moduleName: 'Church Affiliation Members' }, 'CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS'],
    [{ accessRight: 'Can_View', moduleName: 'Appoitment' }, 'CAN_VIEW_APPOITMENT'],
    [{ accessRight: 'CAN_VIEW', moduleName: 'CIH Center' }, 'CAN_VIEW_CIH_CENTER'],
  ])('%o -> %s', (entry, expected) => {
    expect(permissionString(entry)).toBe(expected);
  });

  it('turns every space into an underscore, not only the first', () => {
    expect(permissionString({ accessRight: 'can_view', moduleName: 'a b c d' })).toBe('CAN_VIEW_A_B_C_D');
  });
});

describe('the catalogue', () => {
  const catalogue = new Set(ALL_PERMISSIONS);

  it.each(SPEC_PERMISSIONS)('holds %s, spelt as the product names it', (perm) => {
    expect(catalogue.has(perm)).toBe(true);
  });

  it('keeps the spec typo CAN_VIEW_APPOITMENT and no corrected spelling', () => {
    expect(catalogue.has('CAN_VIEW_APPOITMENT')).toBe(true);
    expect(catalogue.has('CAN_VIEW_APPOINTMENT')).toBe(false);
  });

  it('has no duplicate strings or entries', () => {
    expect(catalogue.size).toBe(ALL_PERMISSIONS.length);
    expect(new Set(MODULES.map((m) => m.name)).size).toBe(MODULES.length);
  });

  it('uses only known access rights', () => {
    for (const { accessRight } of PERMISSION_CATALOGUE) expect(ACCESS_RIGHTS).toContain(accessRight);
  });

  it('holds every named constant', () => {
    for (const perm of Object.values(P)) expect(catalogue.has(perm), perm).toBe(true);
  });
});

describe('roles', () => {
  const catalogue = new Set(ALL_PERMISSIONS);

  it.each(Object.entries(DEFAULT_ROLE_PERMISSIONS))('%s defaults only to catalogue permissions', (_role, perms) => {
    expect(perms.filter((p) => !catalogue.has(p))).toEqual([]);
  });

  it('gives every platform and CIH role a default, the administrator all of them', () => {
    expect(Object.keys(DEFAULT_ROLE_PERMISSIONS).sort()).toEqual([...PLATFORM_ROLES, ...CIH_ROLES].sort());
    expect([...DEFAULT_ROLE_PERMISSIONS.administrator].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('lets members edit their own profile but not manage users', () => {
    expect(DEFAULT_ROLE_PERMISSIONS.member).toContain(P.updateMembers);
    expect(DEFAULT_ROLE_PERMISSIONS.member).not.toContain(P.viewUserManagement);
  });

  it('does not offer firsttimers for assignment, but offers the other platform roles', () => {
    expect(ASSIGNABLE_ROLES).not.toContain('firsttimers');
    expect([...ASSIGNABLE_ROLES].sort()).toEqual(['administrator', 'hod', 'inspectorate', 'member']);
  });
});
