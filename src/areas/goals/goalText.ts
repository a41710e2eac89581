import type { GoalMetric, GoalScope, Progress } from '@/domain/goals/metrics';

export type Goal = Progress & {
  id: string;
  title: string;
  scope: GoalScope;
  zoneId: string | null;
  centerId: string | null;
  departmentId: string | null;
  placeName: string | null;
  metric: GoalMetric;
  startDate: string;
  endDate: string;
  ownerId: string | null;
  ownerName: string | null;
};

export type GoalDetail = Goal & {
  series: Array<{ day: string; value: number }>;
  notes: Array<{ id: string; day: string; value: number; note: string | null; recordedByName: string | null }>;
  mayEdit: boolean;
  mayDelete: boolean;
};

/** The current quarter's first and last days, the usual period of a goal. */
export function currentQuarter(now = new Date()): { startDate: string; endDate: string } {
  const q = Math.floor(now.getMonth() / 3);
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { startDate: day(new Date(now.getFullYear(), q * 3, 1)), endDate: day(new Date(now.getFullYear(), q * 3 + 3, 0)) };
}
