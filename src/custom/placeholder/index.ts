import { P } from '@/domain/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** Shown on a signed-in route that has no screen yet. */
export const PlaceholderPage = lazyScreen(() => import('./PlaceholderPage'), 'PlaceholderPage');

/** The signed-in areas of SPEC.md section 2 that have no screen yet: each shows the placeholder page. */
export const goals = descriptor({ name: 'goals', path: '/goals', access: { view: [P.viewGoals] } });
export const meetings = descriptor({ name: 'meetings', path: '/meetings', access: { view: [P.viewMeetings] } });
export const appointments = descriptor({ name: 'appointments', path: '/appointments', access: { view: [P.viewAppointments] } });
