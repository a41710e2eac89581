import { cihCalls } from '@/domain/cih/calls';
import { crud, get, list, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const cihEndpoints = {
  zones: crud({
    list: cihCalls.cihZoneGetByTotal,
    getOne: cihCalls.cihZoneGetById,
    create: cihCalls.cihZoneCreate,
    update: cihCalls.cihZoneUpdate,
    remove: cihCalls.cihZoneDelete,
  }),
  zoneChoices: { getList: list(cihCalls.cihZoneGetAll) },
  centers: {
    ...crud(
      {
        list: cihCalls.centerGetByTotal,
        getOne: cihCalls.centerGetById,
        create: cihCalls.centerCreate,
        update: cihCalls.centerUpdate,
        remove: cihCalls.centerDelete,
      },
      { zoneId: 'ZoneId' },
    ),
    custom: { getMyCenter: get(cihCalls.getMyCenter) },
  },
  centerChoices: { getList: list(cihCalls.centerGetAll, { zoneId: 'ZoneId' }) },
} satisfies Record<string, ResourceEndpoints>;
