import { describe, expect, it } from 'vitest';
import {
  decidingRights,
  decisionCommentError,
  holdsRequestRight,
  holdsRights,
  isInspectorate,
  overseesDepartments,
  seesAllRequests,
} from './rules.js';
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

describe('decidingRights, the one rule the queues check and the deciders are found by', () => {
  it('names the head and every-department rights for department requests, the inspectorate’s for the others', () => {
    expect(decidingRights('joinDepartment')).toEqual({
      anyOf: ['CAN_APPROVE_REQUESTS', 'CAN_UPDATE_DEPARTMENT'],
      head: ['CAN_APPROVE_REQUESTS'],
    });
    expect(decidingRights('changeDepartment')).toEqual(decidingRights('joinDepartment'));
    for (const kind of ['changeZone', 'joinAffinityGroup', 'changeAffinityGroup'] as const) {
      expect(decidingRights(kind)).toEqual({ anyOf: ['CAN_APPROVE_REQUESTS', 'CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS'] });
    }
  });

  it('agrees with the predicates the screens use', () => {
    for (const perms of [member, hod, inspectorate, administrator]) {
      expect(holdsRights(perms, decidingRights('joinDepartment').anyOf, 'decide')).toBe(overseesDepartments(perms, 'decide'));
      expect(holdsRights(perms, decidingRights('changeZone').anyOf, 'decide')).toBe(isInspectorate(perms, 'decide'));
    }
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
