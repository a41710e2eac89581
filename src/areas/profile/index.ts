import PersonIcon from '@mui/icons-material/Person';
import TuneIcon from '@mui/icons-material/Tune';
import { P } from '@/domain/roles/permissions';
import { SIGNED_IN } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** A member's profile: the account, read by id (the menu links to one's own). */
export const profiles = descriptor({
  name: 'profiles',
  path: '/profile/:userId',
  title: 'profile',
  screen: lazyScreen(() => import('./ProfilePage'), 'ProfilePage'),
  access: { view: SIGNED_IN },
  icon: PersonIcon,
});

/** The records the profile's tabs read and save. */
export const biodata = descriptor({
  name: 'biodata',
});
export const qualifications = descriptor({
  name: 'qualifications',
});
export const children = descriptor({
  name: 'children',
});
export const spouses = descriptor({
  name: 'spouses',
});
export const employers = descriptor({
  name: 'employers',
});
export const churchAffiliations = descriptor({
  name: 'churchAffiliations',
});
export const memberDepartments = descriptor({
  name: 'memberDepartments',
});
export const avatars = descriptor({
  name: 'avatars',
});

/** Erasure of a person on their request (CAN_DELETE_MEMBERS): what it removes, then the erasure. */
export const erasures = descriptor({
  name: 'erasures',
});

/** One's own consents (contact by email and SMS, appearing in lists): the choices in force and their history. */
export const consents = descriptor({
  name: 'consents',
});

/** The church's own fields on people (docs/decisions/0209): the office defines them; every profile reads its values. */
export const customFields = descriptor({
  name: 'customFields',
  path: '/custom-fields',
  screen: lazyScreen(() => import('./CustomFieldsPage'), 'CustomFieldsPage'),
  access: { view: [P.manageCustomFields] },
  icon: TuneIcon,
});
export const customFieldValues = descriptor({
  name: 'customFieldValues',
});
