import GroupsIcon from '@mui/icons-material/Groups';
import { P } from '@/domain/roles/permissions';
import { crudRules } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { controller } from '@/src/dataProvider/endpoints';

/** The affinity groups: a lookup list (its definition is with the others in resources/lookups). */
export const affinityGroups = descriptor({
  name: 'affinityGroups',
  path: '/affinity-groups',
  screen: lazyScreen(() => import('@/src/resources/lookups/LookupPages'), 'AffinityGroupList'),
  access: crudRules([P.viewAffinityGroups], P.createAffinityGroups, P.updateAffinityGroups, P.deleteAffinityGroups),
  icon: GroupsIcon,
  endpoints: controller('AffinityGroup', 'GetAll', { age: 'Age', maritalStatus: 'MaritalStatus' }),
});
