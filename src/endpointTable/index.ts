import type { TableSlice } from '@/src/dataProvider';
import { SLICE_NAMES, type SliceName } from './sliceNames';

/*
 * The endpoint table as the app loads it: in six slices, each a file of its own, fetched
 * together after the first page. The table's schemas built in one chunk were one task of about
 * 50 ms at start-up, while the signed-in frame waited; in slices, each is a task of its own, and
 * a call goes out as soon as its slice is in (docs/decisions/0255). src/endpoints.ts joins the
 * same slices into the whole table.
 */
const LOADERS: Record<SliceName, TableSlice> = {
  start: () => import('./start').then((slice) => slice.START_ENDPOINTS),
  people: () => import('./people').then((slice) => slice.PEOPLE_ENDPOINTS),
  profile: () => import('./profile').then((slice) => slice.PROFILE_ENDPOINTS),
  church: () => import('./church').then((slice) => slice.CHURCH_ENDPOINTS),
  gatherings: () => import('./gatherings').then((slice) => slice.GATHERINGS_ENDPOINTS),
  giving: () => import('./giving').then((slice) => slice.GIVING_ENDPOINTS),
};
export const ENDPOINT_SLICES: readonly TableSlice[] = SLICE_NAMES.map((name) => LOADERS[name]);

/** Fetches every slice, when the table's first use is near (a signed-in page, a key in the sign-in form). */
export function preloadEndpoints() {
  for (const slice of ENDPOINT_SLICES) void slice().catch(() => undefined);
}
