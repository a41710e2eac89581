import { describe, expect, it } from 'vitest';
import { decisionCommentError, holdsRequestRight, isInspectorate, overseesDepartments, seesAllRequests } from './rules.js';
import { DEFAULT_ROLE_PERMISSIONS } from '@/domain/roles/roles.js';

const { member, hod, inspectorate, administrator } = DEFAULT_ROLE_PERMISSIONS;

describe('who sees and decides requests, by the default roles', () => {
  it.each([
    // role, decides at all, every department's, zone and affinity, everything
    ['member', member, false, false, false, false],
    ['hod', hod, true, false, false, false],
    ['inspectorate', inspectorate, true, false, true, false],
    ['administrator', administrator, true, true, true, true],
  ] as const)('%s', (_name, perms, decides, departments, inspects, all) => {
    expect(holdsRequestRight(perms, 'decide')).toBe(decides);
    expect(overseesDepartments(perms, 'decide')).toBe(departments);
    expect(isInspectorate(perms, 'decide')).toBe(inspects);
    expect(seesAllRequests(perms)).toBe(all);
  });

  it('lets CAN_VIEW_REQUESTS see without deciding', () => {
    const viewer = new Set(['CAN_VIEW_REQUESTS', 'CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS']);
    expect(isInspectorate(viewer, 'view')).toBe(true);
    expect(isInspectorate(viewer, 'decide')).toBe(false);
  });
});

describe('the decision comment', () => {
  it('is required to reject and optional to approve', () => {
    expect(decisionCommentError(false, undefined)).toBe('A comment is required to reject a request');
    expect(decisionCommentError(false, '   ')).toBe('A comment is required to reject a request');
    expect(decisionCommentError(false, 'Full this year')).toBeUndefined();
    expect(decisionCommentError(true, undefined)).toBeUndefined();
  });
});
