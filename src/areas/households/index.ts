import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import { P } from '@/domain/roles/permissions';
import { SIGNED_IN } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** Who reads families: whoever reads profiles and the member list, and the office (docs/decisions/0213-households.md). */
const READERS = [P.viewMembers, P.updateOtherMembers, P.manageHouseholds];

/**
 * /households: the families (search, paging, CSV export) and 'Add a family' for the office
 * (CAN_UPDATE_HOUSEHOLDS); /households/:id: a family's page, which a member of it may open too
 * (the server checks).
 */
export const households = descriptor({
  name: 'households',
  path: '/households',
  screen: lazyScreen(() => import('./HouseholdsPage'), 'HouseholdsPage'),
  routes: [
    {
      path: '/households/:id',
      title: 'household',
      screen: lazyScreen(() => import('./HouseholdPage'), 'HouseholdPage'),
      action: 'read',
    },
  ],
  access: { view: READERS, read: SIGNED_IN, edit: [P.manageHouseholds] },
  icon: FamilyRestroomIcon,
});

/** A person's household on their profile: the server answers readers of profiles and the person. */
export const personHousehold = descriptor({
  name: 'personHousehold',
  access: { view: SIGNED_IN },
});
