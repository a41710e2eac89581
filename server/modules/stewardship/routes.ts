import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerRoutes, route } from '@/server/http/route.js';
import { personalDataOf } from './personalData.js';
import { personalDataHtml } from './personalDataHtml.js';

/*
 * A person's rights over their data: taking it away (their own, only theirs). The download is
 * recorded in the audit trail, as any export is.
 */

export async function stewardshipModule(app: FastifyInstance) {
  const tag = 'Stewardship';
  registerRoutes(app, [
    route({
      method: 'GET',
      url: '/Stewardship/DownloadMyData',
      tag,
      summary:
        "Everything Flock holds on the caller (account, biodata, details, affiliation, departments, requests, notifications, audit entries about them, mail in the outbox) as JSON, or with Format=html as a page to read and print; the caller's own data only, and the download is audited",
      access: { signedIn: true },
      query: z.object({ format: z.enum(['json', 'html']).optional() }),
      async handler({ query, caller, services, reply, mutate }) {
        const format = query.format ?? 'json';
        await mutate(async (_tx, audit) =>
          audit({ action: 'export', entity: 'personalData', entityId: caller!.id, subjectId: caller!.id, after: { format } }),
        );
        const data = await personalDataOf(services.database.db, caller!.id);
        const name = `my-${services.config.appName.toLowerCase()}-data-${data.generatedAt.slice(0, 10)}.${format}`;
        reply.header('content-disposition', `attachment; filename="${name}"`);
        if (format === 'html') return void reply.type('text/html; charset=utf-8').send(personalDataHtml(data, services.config.appName));
        reply.type('application/json; charset=utf-8').send(JSON.stringify({ succeeded: true, message: 'Your data', data }));
      },
    }),
  ]);
}
