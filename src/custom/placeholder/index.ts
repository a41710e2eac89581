import { lazyScreen } from '@/src/common/descriptor';

/** Shown on a signed-in route that has no screen of its own. */
export const PlaceholderPage = lazyScreen(() => import('./PlaceholderPage'), 'PlaceholderPage');
