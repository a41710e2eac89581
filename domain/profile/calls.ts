import {
  biodataSchema,
  biodataUpdateSchema,
  childSchema,
  childUpdateSchema,
  churchAffiliationSchema,
  churchAffiliationUpdateSchema,
  employerSchema,
  employerUpdateSchema,
  qualificationSchema,
  qualificationUpdateSchema,
  spouseSchema,
  spouseUpdateSchema,
  consentChoicesSchema,
  personalDataQuery,
} from '@/domain/profile/schemas.js';
import { idQuery, userIdQuery } from '@/domain/common/fields.js';
import { defineCall, responseType } from '@/domain/common/calls.js';
import { careNoteSchema, careSettingsSchema, type CareNote, type CareSettings } from '@/domain/profile/careNotes.js';
import { timelineQuery, type TimelinePage } from '@/domain/profile/timeline.js';

/** A member's profile: biodata, its details (spouse, employer, children, qualifications), church affiliation, consents, personal data and erasure, the timeline and care notes. */
export const profileCalls = {
  getChurchAffiliationByUserId: defineCall({ method: 'GET', path: '/ChurchAffiliation/GetChurchAffiliationByUserId', query: idQuery }),
  createChurchAffiliation: defineCall({
    method: 'POST',
    path: '/ChurchAffiliation/CreateChurchAffiliation',
    body: churchAffiliationSchema,
  }),
  updateChurchAffiliation: defineCall({
    method: 'PUT',
    path: '/ChurchAffiliation/UpdateChurchAffiliation',
    body: churchAffiliationUpdateSchema,
  }),
  createBiodata: defineCall({ method: 'POST', path: '/Biodata/CreateBiodata', body: biodataSchema }),
  updateBiodata: defineCall({ method: 'PUT', path: '/Biodata/UpdateBiodata', body: biodataUpdateSchema }),
  getAllBiodata: defineCall({ method: 'GET', path: '/Biodata/GetAllBiodata' }),
  getBiodataByUserId: defineCall({ method: 'GET', path: '/Biodata/GetBiodataByUserId', query: idQuery }),
  deleteBiodata: defineCall({ method: 'DELETE', path: '/Biodata/DeleteBiodata', query: idQuery }),
  spouseCreate: defineCall({ method: 'POST', path: '/Spouse/Create', body: spouseSchema }),
  spouseUpdate: defineCall({ method: 'PUT', path: '/Spouse/Update', body: spouseUpdateSchema }),
  spouseGetByUserId: defineCall({ method: 'GET', path: '/Spouse/GetByUserId', query: idQuery }),
  employerCreate: defineCall({ method: 'POST', path: '/Employer/Create', body: employerSchema }),
  employerUpdate: defineCall({ method: 'PUT', path: '/Employer/Update', body: employerUpdateSchema }),
  employerGetByUserId: defineCall({ method: 'GET', path: '/Employer/GetByUserId', query: idQuery }),
  childrenCreate: defineCall({ method: 'POST', path: '/Children/Create', body: childSchema }),
  childrenUpdate: defineCall({ method: 'PUT', path: '/Children/Update', body: childUpdateSchema }),
  childrenGetByUserId: defineCall({ method: 'GET', path: '/Children/GetByUserId', query: idQuery }),
  childrenDelete: defineCall({ method: 'DELETE', path: '/Children/Delete', query: idQuery }),
  qualificationCreate: defineCall({ method: 'POST', path: '/Qualification/Create', body: qualificationSchema }),
  qualificationUpdate: defineCall({ method: 'PUT', path: '/Qualification/Update', body: qualificationUpdateSchema }),
  qualificationGetByUserId: defineCall({ method: 'GET', path: '/Qualification/GetByUserId', query: idQuery }),
  qualificationDelete: defineCall({ method: 'DELETE', path: '/Qualification/Delete', query: idQuery }),
  downloadMyData: defineCall({ method: 'GET', path: '/Stewardship/DownloadMyData', query: personalDataQuery }),
  getMyConsents: defineCall({ method: 'GET', path: '/Stewardship/GetMyConsents' }),
  updateMyConsents: defineCall({ method: 'PUT', path: '/Stewardship/UpdateMyConsents', body: consentChoicesSchema }),
  getErasureScope: defineCall({ method: 'GET', path: '/Stewardship/GetErasureScope', query: userIdQuery }),
  erasePerson: defineCall({ method: 'POST', path: '/Stewardship/ErasePerson', body: userIdQuery }),
  getTimeline: defineCall({ method: 'GET', path: '/Timeline/GetByUserId', query: timelineQuery, response: responseType<TimelinePage>() }),
  getCareNotes: defineCall({ method: 'GET', path: '/CareNotes/GetByUserId', query: userIdQuery, response: responseType<CareNote[]>() }),
  createCareNote: defineCall({ method: 'POST', path: '/CareNotes/Create', body: careNoteSchema, response: responseType<CareNote>() }),
  getCareSettings: defineCall({ method: 'GET', path: '/CareNotes/GetSettings', response: responseType<CareSettings>() }),
  updateCareSettings: defineCall({
    method: 'PUT',
    path: '/CareNotes/UpdateSettings',
    body: careSettingsSchema,
    response: responseType<CareSettings>(),
  }),
};
