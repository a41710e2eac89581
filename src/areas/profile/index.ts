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
  // The timeline follows the profile's rule (checked by the server); care notes need the care right.
  routes: [
    { path: '/profile/:userId/timeline', title: 'timeline', screen: lazyScreen(() => import('./TimelinePage'), 'TimelinePage') },
    {
      path: '/profile/:userId/care-notes',
      title: 'careNotes',
      screen: lazyScreen(() => import('./CareNotesPage'), 'CareNotesPage'),
      action: 'careNotes',
    },
  ],
  // careSetting: the church's choice over care notes in a person's own data, the erasure officer's (0210).
  access: { view: SIGNED_IN, careNotes: [P.pastoralCare], careSetting: [P.deleteMembers] },
  icon: PersonIcon,
});

/** A person's stage and its history; the office changes it (CAN_UPDATE_OTHER_MEMBERS). */
export const stages = descriptor({
  name: 'stages',
  access: { view: SIGNED_IN, edit: [P.updateOtherMembers] },
});

/** A person's timeline, read on its page under the profile. */
export const timelines = descriptor({
  name: 'timelines',
});

/** Pastoral care notes (CAN_UPDATE_PASTORAL_CARE), on their page under the profile. */
export const careNotes = descriptor({
  name: 'careNotes',
  access: { view: [P.pastoralCare] },
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
