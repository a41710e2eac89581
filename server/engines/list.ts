import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { z, type ZodRawShape } from 'zod';
import { badRequest } from '@/server/http/errors.js';

/** PageSize goes up to 25100 because dropdowns and exports ask for 25000 rows. */
const DROPDOWN_PAGE_SIZE = 25100;
/** Lists that fill no dropdown and export through paging (requests, notifications) stop here. */
export const PAGE_SIZE_CAP = 1000;

const pageSize = (max: number) => z.coerce.number().int().min(1).max(max, `PageSize must be at most ${max}`).optional();

const listBase = {
  pageNumber: z.coerce
    .number()
    .int()
    .min(1, 'PageNumber must be 1 or more')
    .max(1_000_000, 'PageNumber must be at most 1000000')
    .optional(),
  pageSize: pageSize(DROPDOWN_PAGE_SIZE),
  sortBy: z.string().max(60).optional(),
  sortOrder: z.enum(['asc', 'desc'], { error: "SortOrder must be 'asc' or 'desc'" }).optional(),
  search: z.string().trim().max(200).optional(),
};

/**
 * The query schema of a list: paging, sort, search and the list's own named filters. It is strict,
 * so a filter the list does not allow is a 400, not silently ignored.
 */
export function listQuery<F extends ZodRawShape>(filters: F, maxPageSize = DROPDOWN_PAGE_SIZE) {
  return z.object({ ...listBase, pageSize: pageSize(maxPageSize), ...filters }).strict();
}
export type ListParams = { pageNumber?: number; pageSize?: number; sortBy?: string; sortOrder?: 'asc' | 'desc'; search?: string };

/** LIMIT and OFFSET of a page: PageNumber is 1-based, PageSize defaults to 10. */
export function pageOf(q: ListParams) {
  const limit = q.pageSize ?? 10;
  return { limit, offset: ((q.pageNumber ?? 1) - 1) * limit };
}

/**
 * ORDER BY from SortBy and SortOrder through the list's allowlist (names match without case);
 * an unknown field is a 400. The fallback keeps paging stable.
 */
export function orderOf(q: ListParams, allowed: Record<string, AnyColumn | SQL>, fallback: SQL[]): SQL[] {
  if (!q.sortBy) return fallback;
  const key = Object.keys(allowed).find((k) => k.toLowerCase() === q.sortBy!.toLowerCase());
  if (!key) throw badRequest(`SortBy must be one of: ${Object.keys(allowed).join(', ')}`, { sortBy: ['Unknown sort field'] });
  const dir = q.sortOrder === 'desc' ? desc : asc;
  return [dir(allowed[key]), ...fallback];
}
