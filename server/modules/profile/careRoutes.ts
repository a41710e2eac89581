import { profileCalls } from '@/domain/profile/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { existingUser, readAccess } from '@/server/engines/profileAccess.js';
import { ok } from '@/server/http/envelope.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { addNote, careSettingsOf, mustNotBeSelf, readNotes, setCareSettings } from './careNotes.js';
import { timelinePage } from './timeline.js';

/** A person's timeline, and the care notes pastors keep about them (docs/decisions 0210). */

const care = { permission: P.pastoralCare };
/** The church's choice over personal data is the erasure officer's, who answers a person's data requests. */
const careSetting = { permission: P.deleteMembers };

export const careRoutes: AnyRouteDef[] = [
  route({
    call: profileCalls.getTimeline,
    tag: 'Timeline',
    summary:
      "(added) A person's timeline, newest first: stage changes, department joins, and, for those who may see them, requests made and decided, CIH attendance marks and (the person alone) notifications; keyset-paged by Cursor",
    access: readAccess('userId'),
    async handler({ query, caller, services }) {
      const db = services.database.db;
      await existingUser(db, query.userId);
      return ok(await timelinePage(db, caller!, query));
    },
  }),
  route({
    call: profileCalls.getCareNotes,
    tag: 'Care notes',
    summary: '(added) The care notes about a person, newest first; never about oneself; each read is recorded in the audit trail',
    access: care,
    async handler({ query, caller, mutate }) {
      mustNotBeSelf(caller!, query.userId);
      return ok(await mutate((tx, audit) => readNotes(tx, audit, query.userId)));
    },
  }),
  route({
    call: profileCalls.createCareNote,
    tag: 'Care notes',
    summary: '(added) Adds a care note about a person (never about oneself); notes are never changed, a correction is a new note',
    access: care,
    async handler({ body, caller, mutate }) {
      mustNotBeSelf(caller!, body.userId);
      return ok(await mutate((tx, audit) => addNote(tx, audit, body.userId, body.body, caller!.id)), 'Note added');
    },
  }),
  route({
    call: profileCalls.getCareSettings,
    tag: 'Care notes',
    summary: "(added) The church's care setting: whether a person's 'Download my data' holds the care notes about them (off by default)",
    access: { permission: [P.pastoralCare, P.deleteMembers] },
    async handler({ services }) {
      return ok(await careSettingsOf(services.database.db));
    },
  }),
  route({
    call: profileCalls.getPublicCareSettings,
    tag: 'Care notes',
    summary:
      "(added) For the privacy page, without sign-in: whether this church's 'Download my data' holds the care notes about the person; that yes or no only",
    access: { public: true },
    async handler({ services }) {
      // Named field by field: a setting added to CareSettings later is not published by accident.
      const { notesInOwnData } = await careSettingsOf(services.database.db);
      return ok({ notesInOwnData });
    },
  }),
  route({
    call: profileCalls.updateCareSettings,
    tag: 'Care notes',
    summary: "(added) Sets whether a person's 'Download my data' holds the care notes about them",
    access: careSetting,
    async handler({ body, mutate }) {
      return ok(await mutate((tx, audit) => setCareSettings(tx, audit, body)), 'Setting saved');
    },
  }),
];
