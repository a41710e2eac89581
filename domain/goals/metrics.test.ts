import { describe, expect, it } from 'vitest';
import { goalSchema, progressOf } from './metrics';

describe('progressOf', () => {
  it('is on track when the share reached keeps up with the share of the period gone', () => {
    // Day 5 of 10: half the period, so 5 of 10 is on track and 4 is behind.
    expect(progressOf(5, 10, '2030-01-01', '2030-01-10', '2030-01-05').status).toBe('onTrack');
    const behind = progressOf(4, 10, '2030-01-01', '2030-01-10', '2030-01-05');
    expect(behind).toMatchObject({ status: 'behind', fraction: 0.4, pacePerWeek: 8.4 });
  });

  it('says reached, not started and ended', () => {
    expect(progressOf(12, 10, '2030-01-01', '2030-01-10', '2030-01-05')).toMatchObject({ status: 'reached', fraction: 1, pacePerWeek: 0 });
    expect(progressOf(0, 10, '2030-01-01', '2030-01-10', '2029-12-30').status).toBe('notStarted');
    expect(progressOf(3, 10, '2030-01-01', '2030-01-10', '2030-01-11')).toMatchObject({ status: 'ended', pacePerWeek: 7 });
  });
});

describe('goalSchema', () => {
  const base = { title: 'Grow', target: 10, startDate: '2030-01-01', endDate: '2030-03-31', metric: 'membersAdded' };
  it('asks a scoped goal for its place', () => {
    expect(goalSchema.safeParse({ ...base, scope: 'center' }).success).toBe(false);
    expect(goalSchema.safeParse({ ...base, scope: 'church' }).success).toBe(true);
  });
});
