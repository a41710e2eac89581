import { celebrationsCalls } from '@/domain/celebrations/calls';
import { get, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const celebrationsEndpoints = {
  celebrations: {
    custom: { getCelebrations: get(celebrationsCalls.getAll), getCelebrationScopes: get(celebrationsCalls.getScopes) },
  },
  celebrationSettings: {
    custom: {
      getCelebrationSettings: get(celebrationsCalls.getSettings),
      updateCelebrationSettings: { call: celebrationsCalls.updateSettings, body: (params) => params ?? {} },
    },
  },
} satisfies Record<string, ResourceEndpoints>;
