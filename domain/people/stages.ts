import { z } from 'zod';
import { idField } from '@/domain/common/fields.js';
import { pastDate } from '@/domain/common/dates.js';

/**
 * A person's stage in the church, in the order people usually pass through them (docs/decisions
 * 0210): the one list of stages, which the database's check, the member list's filter, the
 * stage control and the words (src/i18n/enAreas.ts) all follow.
 */
export const STAGES = ['visitor', 'first-timer', 'member', 'worker', 'leader'] as const;
export type Stage = (typeof STAGES)[number];

/**
 * The stages a first-timer's account may be in; member and beyond need the conversion (which
 * records member itself), so the stage and the first-timer flag never disagree.
 */
export const FIRST_TIMER_STAGES: readonly Stage[] = ['visitor', 'first-timer'];

/** Whether a stage fits an account that is (or is no longer) a first-timer. */
export const stageFits = (stage: Stage, isFirstTimer: boolean) => FIRST_TIMER_STAGES.includes(stage) === isFirstTimer;

export const stageField = z.enum(STAGES, { error: `Stage must be one of ${STAGES.join(', ')}` });

/** ChangeStage: the person, their new stage and the day it began (today when left out; never in the future). */
export const changeStageSchema = z.object({
  userId: idField('UserId'),
  stage: stageField,
  startedOn: pastDate('Start date').optional(),
});
export type ChangeStageInput = z.input<typeof changeStageSchema>;

/** One period of a person's stage history: from startedOn until the next period's start. */
export type StagePeriod = { id: string; stage: Stage; startedOn: string; endedOn: string | null; setBy: string | null; createdAt: string };
