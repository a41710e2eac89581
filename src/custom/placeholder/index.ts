import CampaignIcon from '@mui/icons-material/Campaign';
import PlaceIcon from '@mui/icons-material/Place';
import { P } from '@/domain/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** Shown on a signed-in route that has no screen yet. */
export const PlaceholderPage = lazyScreen(() => import('./PlaceholderPage'), 'PlaceholderPage');

/** The signed-in areas of SPEC.md section 2 that have no screen yet: each shows the placeholder page. */
export const outreach = descriptor({ name: 'outreach', path: '/outreach', access: { view: [P.viewOutreach] }, icon: CampaignIcon });
export const goals = descriptor({ name: 'goals', path: '/goals', access: { view: [P.viewGoals] } });
export const meetings = descriptor({ name: 'meetings', path: '/meetings', access: { view: [P.viewMeetings] } });
export const appointments = descriptor({ name: 'appointments', path: '/appointments', access: { view: [P.viewAppointments] } });
export const venues = descriptor({ name: 'venues', path: '/venue-management', access: { view: [P.viewVenues] }, icon: PlaceIcon });
