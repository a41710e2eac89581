import ArchiveIcon from '@mui/icons-material/Archive';
import { P } from '@/domain/roles/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { byUser, list } from '@/src/dataProvider/endpoints';

/** Archived members. */
export const demise = descriptor({
  name: 'demise',
  path: '/demise',
  screen: lazyScreen(() => import('./DemiseList'), 'DemiseList'),
  asResource: true,
  access: { view: [P.updateDemise] },
  icon: ArchiveIcon,
  endpoints: {
    getList: list('/Biodata/GetAllDemise'),
    custom: { archiveMember: byUser('PUT', '/Biodata/ArchiveMember'), restoreMember: byUser('PUT', '/Biodata/RestoreMember') },
  },
});
