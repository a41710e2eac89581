import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** /privacy and /terms: the same for everybody, signed in or not. */
export const info = descriptor({
  name: 'info',
  area: 'open',
  routes: [
    { path: '/privacy', title: 'privacy', screen: lazyScreen(() => import('./InfoPage'), 'PrivacyPage') },
    { path: '/terms', title: 'terms', screen: lazyScreen(() => import('./InfoPage'), 'TermsPage') },
  ],
});
