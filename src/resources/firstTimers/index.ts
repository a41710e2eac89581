import PersonAddIcon from '@mui/icons-material/PersonAdd';
import type { GetListParams } from 'react-admin';
import { P } from '@/domain/roles/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { list, listQuery, PEOPLE_FILTERS } from '@/src/dataProvider/endpoints';

/** The first-timers: GetAllUsers narrowed to Kind=firsttimer, which CAN_VIEW_FIRSTTIMERS may read. */
export const firstTimers = descriptor({
  name: 'firstTimers',
  path: '/first-timers',
  screen: lazyScreen(() => import('./FirstTimerList'), 'FirstTimerList'),
  access: { view: [P.viewFirstTimers], convert: [P.approveFirstTimers] },
  icon: PersonAddIcon,
  endpoints: {
    getList: {
      ...list('/Admin/GetAllUsers'),
      query: (params: GetListParams) => ({ ...listQuery(params, PEOPLE_FILTERS), Kind: 'firsttimer' }),
    },
    custom: {
      convertFirstTimer: { method: 'PUT', path: '/Admin/ConvertFirstTimersToMembers', query: (p: { id: string }) => ({ Id: p.id }) },
      bulkConvertFirstTimers: {
        method: 'PUT',
        path: '/Admin/BulkConvertFirstTimersToMembers',
        body: (p: { ids: string[] }) => ({ ids: p.ids }),
      },
    },
  },
});

export const firstTimerStats = descriptor({
  name: 'firstTimerStats',
  endpoints: {
    getOne: {
      method: 'GET',
      path: '/Biodata/GetFirstTimerStats',
      read: (envelope, params) => ({ data: { ...envelope.data, id: params.id } }),
    },
  },
});
