import { describe, expect, it } from 'vitest';
import { availabilitySchema, freeSlots, slotAt, type Window } from './slots';

const MONDAY_MORNING: Window = { weekday: 1, startMinute: 9 * 60, endMinute: 10 * 60, slotMinutes: 20 };
// 2030-01-07 is a Monday.
const monday = (h: number, m = 0) => new Date(2030, 0, 7, h, m);
const NOW = new Date(2030, 0, 1);

describe('freeSlots', () => {
  it('cuts the windows into slots, day by day, leaving out days away and taken times', () => {
    const slots = freeSlots([MONDAY_MORNING], {
      from: '2030-01-06',
      to: '2030-01-14',
      now: NOW,
      exceptions: new Set(['2030-01-14']),
      taken: [],
    });
    expect(slots.map((s) => s.startsAt)).toEqual([monday(9), monday(9, 20), monday(9, 40)]);
    const taken = [{ startsAt: monday(9, 10), endsAt: monday(9, 30) }];
    const left = freeSlots([MONDAY_MORNING], { from: '2030-01-07', to: '2030-01-07', now: NOW, exceptions: new Set(), taken });
    expect(left.map((s) => s.startsAt)).toEqual([monday(9, 40)]);
  });

  it('offers nothing in the past', () => {
    expect(
      freeSlots([MONDAY_MORNING], { from: '2030-01-07', to: '2030-01-07', now: monday(9, 30), exceptions: new Set(), taken: [] }),
    ).toHaveLength(1);
  });
});

describe('slotAt', () => {
  it('accepts only starts on the grid of a window, on a day not away', () => {
    expect(slotAt([MONDAY_MORNING], monday(9, 40), new Set())?.endsAt).toEqual(monday(10));
    expect(slotAt([MONDAY_MORNING], monday(9, 50), new Set())).toBeUndefined();
    expect(slotAt([MONDAY_MORNING], monday(10), new Set())).toBeUndefined();
    expect(slotAt([MONDAY_MORNING], monday(9), new Set(['2030-01-07']))).toBeUndefined();
  });
});

describe('availabilitySchema', () => {
  it('refuses overlapping windows of one day and windows too short for a slot', () => {
    expect(availabilitySchema.safeParse({ windows: [MONDAY_MORNING, { ...MONDAY_MORNING, startMinute: 570 }] }).success).toBe(false);
    expect(availabilitySchema.safeParse({ windows: [{ ...MONDAY_MORNING, endMinute: 550 }] }).success).toBe(false);
    expect(availabilitySchema.safeParse({ windows: [MONDAY_MORNING, { ...MONDAY_MORNING, weekday: 2 }] }).success).toBe(true);
  });
});
