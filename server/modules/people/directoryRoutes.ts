import { peopleCalls } from '@/domain/people/calls.js';
import { P } from '@/domain/roles/permissions.js';
import { memberSearch } from '@/server/engines/memberList.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { directoryEntries } from './directory.js';
import { directoryPdf } from './directoryPdf.js';
import { memberListConditions, memberListQuery } from './memberConditions.js';

/** The printed directory: a PDF of the member list's filter or selection (docs/decisions/0215-directory.md). */
export const directoryRoutes: AnyRouteDef[] = [
  route({
    call: peopleCalls.getDirectory,
    tag: 'Church affiliation',
    summary:
      "The printed directory as a PDF: the people GetMemberQuery's filters, search, tags and selection (Id) keep, by surname, at most 2,000 (more is a 400); those who said no to listing are left out for every caller, the office too, since a printed directory is handed out; phone and email only of those whose 'directory' consent is a yes. Audited with its filter and count",
    // Whoever reads the member list: the same people it shows, on paper.
    access: { permission: [P.viewMembers, P.viewCihManagement, P.viewAttendance] },
    query: memberListQuery,
    async handler({ query, caller, services, reply, mutate }) {
      const db = services.database.db;
      const conditions = await memberListConditions(db, caller!, query);
      const entries = await directoryEntries(db, [...conditions(), memberSearch(query.search)]);
      const { pageNumber: _, pageSize: __, sortBy: ___, sortOrder: ____, cursor: _____, ...filter } = query;
      await mutate(async (_tx, audit) => audit({ action: 'export', entity: 'directory', after: { filter, people: entries.length } }));
      const printedOn = new Date().toISOString().slice(0, 10);
      const pdf = await directoryPdf(entries, `${services.config.appName} directory`, printedOn);
      reply.type('application/pdf').header('content-disposition', `attachment; filename="directory-${printedOn}.pdf"`).send(pdf);
    },
  }),
];
