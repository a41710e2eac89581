import { defineCall, responseType } from '@/domain/common/calls.js';
import {
  celebrationSettingsSchema,
  celebrationsQuery,
  type CelebrationList,
  type CelebrationScopes,
  type CelebrationSettings,
} from './schemas.js';

/** Birthdays and wedding anniversaries of the week or month, and the church's greeting on the day. */
export const celebrationsCalls = {
  getAll: defineCall({ method: 'GET', path: '/Celebrations/GetAll', query: celebrationsQuery, response: responseType<CelebrationList>() }),
  getScopes: defineCall({ method: 'GET', path: '/Celebrations/GetScopes', response: responseType<CelebrationScopes>() }),
  getSettings: defineCall({ method: 'GET', path: '/Celebrations/GetSettings', response: responseType<CelebrationSettings>() }),
  updateSettings: defineCall({
    method: 'PUT',
    path: '/Celebrations/UpdateSettings',
    body: celebrationSettingsSchema,
    response: responseType<CelebrationSettings>(),
  }),
};
