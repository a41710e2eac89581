import { profileCalls } from '@/domain/profile/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { ok } from '@/server/http/envelope.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { consentsOf, updateConsents } from './consent.js';
import { erasePerson, erasureScope } from './erasure.js';
import { personalDataOf } from './personalData.js';
import { personalDataHtml } from './personalDataHtml.js';

/*
 * A person's rights over their data: taking it away (their own, only theirs; the download is
 * recorded in the audit trail, as any export is) and having it erased by an administrator.
 */

const erasure = { permission: P.deleteMembers };

const tag = 'Stewardship';

export const stewardshipRoutes: AnyRouteDef[] = [
  route({
    call: profileCalls.downloadMyData,
    tag,
    summary:
      "Everything Flock holds on the caller (account, biodata, details, affiliation, departments, requests, notifications, audit entries about them, mail in the outbox) as JSON, or with Format=html as a page to read and print; the caller's own data only, and the download is audited",
    access: { signedIn: true },
    async handler({ query, caller, services, reply, mutate }) {
      const format = query.format ?? 'json';
      await mutate(async (_tx, audit) =>
        audit({ action: 'export', entity: 'personalData', entityId: caller!.id, subjectId: caller!.id, after: { format } }),
      );
      const data = await personalDataOf(services.database.db, caller!.id);
      const name = `my-${services.config.appName.toLowerCase()}-data-${data.generatedAt.slice(0, 10)}.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (format === 'html') return void reply.type('text/html; charset=utf-8').send(personalDataHtml(data, services.config.appName));
      // The file is the person's data itself, readable as it is: not the API's envelope around it.
      reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
    },
  }),
  route({
    call: profileCalls.getMyConsents,
    tag,
    summary:
      "The caller's consents: to be contacted by email and by SMS, and to appear in member lists other leaders see; the choice in force per category (null: none made), the wording version in use, and every change",
    access: { signedIn: true },
    async handler({ caller, services }) {
      return ok(await consentsOf(services.database.db, caller!.id));
    },
  }),
  route({
    call: profileCalls.updateMyConsents,
    tag,
    summary:
      "Records the caller's choices (email, sms, listing: true or false; those left out stay) with the time and the wording version; a change adds to the history, nothing is overwritten",
    access: { signedIn: true },
    async handler({ body, caller, mutate }) {
      const state = await mutate((tx, audit) => updateConsents(tx, audit, caller!.id, body));
      return ok(state, 'Your choices are saved');
    },
  }),
  route({
    call: profileCalls.getErasureScope,
    tag,
    summary: 'What erasing a person would remove (their name and email, and how many of each kind of record), for the confirmation',
    access: erasure,
    async handler({ query, mutate }) {
      // Read under the same locks the erasure takes; nothing is written.
      return ok(await mutate((tx) => erasureScope(tx, query.userId)));
    },
  }),
  route({
    call: profileCalls.erasePerson,
    tag,
    summary:
      'Erases a person on their request: their details, avatar, notifications and mails go, their account and biodata are anonymised and disabled (counts stay right), audit rows about them lose their values, and their email, phones and name are replaced in free text; the audit trail keeps that the erasure happened and by whom',
    access: erasure,
    async handler({ body, caller, mutate }) {
      const scope = await mutate(async (tx, audit) => {
        const removed = await erasePerson(tx, body.userId, caller!.id);
        // Counts only: the erased values never reach the trail.
        audit({ action: 'erase', entity: 'user', entityId: body.userId, after: { removed: removed.removes } });
        return removed;
      });
      return ok({ userId: body.userId, removed: scope.removes }, 'The person has been erased');
    },
  }),
];
