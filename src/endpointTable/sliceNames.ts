/**
 * The endpoint table's slices, in the order they are made and fetched: the build makes a file of
 * each in this order (vite.config.ts) and the app loads them in it (./index.ts), so a module the
 * slices share goes with the first (docs/decisions/0255). Imports nothing: the build's config reads it.
 */
export const SLICE_NAMES = ['start', 'people', 'profile', 'church', 'gatherings', 'giving'] as const;
export type SliceName = (typeof SLICE_NAMES)[number];
