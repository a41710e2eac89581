import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, conflict } from '@/server/http/errors.js';

/** The 409 of a save made from a form loaded before someone else's save. */
export const STALE_RECORD = 'This record was changed by someone else since you opened it';

const version = z.iso.datetime({ offset: true });

/**
 * Optimistic concurrency (docs/decisions/0102-optimistic-concurrency.md): a form sends back, as updatedAt, the record's
 * updatedAt as it loaded it. The record locked for the update must still carry it, or the save
 * would silently undo a change its author never saw. A call without updatedAt is not checked
 * (scripts, and calls that change one field on purpose). Read from the raw body: the update
 * schemas are the forms' own and know no updatedAt.
 */
export function mustBeUnchanged(request: FastifyRequest, stored: Date | null | undefined) {
  const sent = (request.body as { updatedAt?: unknown } | null | undefined)?.updatedAt;
  if (sent === undefined || sent === null || sent === '') return;
  const parsed = version.safeParse(sent);
  if (!parsed.success)
    throw badRequest('updatedAt must be the record’s updatedAt as it was loaded', { updatedAt: ['Not a date and time'] });
  if (!stored || new Date(parsed.data).getTime() !== stored.getTime()) throw conflict(STALE_RECORD);
}
