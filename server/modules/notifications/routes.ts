import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { idField } from '@/domain/schemas/structure.js';
import { personName } from '@/server/db/queries.js';
import { notifications } from '@/server/db/schema/index.js';
import { ok, page } from '@/server/http/envelope.js';
import { notFound } from '@/server/http/errors.js';
import { listQuery, orderOf, pageOf, PAGE_SIZE_CAP } from '@/server/http/list.js';
import { registerRoutes, route } from '@/server/http/route.js';

/**
 * The caller's own notifications (API.md, Notifications). Anyone signed in reads and marks their
 * own: CAN_VIEW_NOTIFICATIONS guards SPEC.md's notifications screen, which sends them; being
 * told of one's own request's decision needs no permission.
 */

const NOT_FOUND = 'Notification not found';

const view = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  requestId: notifications.requestId,
  senderId: notifications.senderId,
  senderName: personName(notifications.senderId),
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

export async function notificationsModule(app: FastifyInstance) {
  const tag = 'Notifications';
  registerRoutes(app, [
    route({
      method: 'GET',
      url: '/Notification/GetAllNotifications',
      tag,
      summary: "The caller's own notifications, newest first (Unread=true: only unread ones), with paging",
      access: { signedIn: true },
      query: listQuery({ unread: z.stringbool({ error: 'Unread must be true or false' }).optional() }, PAGE_SIZE_CAP),
      async handler({ query, caller, services }) {
        const db = services.database.db;
        const where = and(eq(notifications.recipientId, caller!.id), query.unread ? isNull(notifications.readAt) : undefined);
        const { limit, offset } = pageOf(query);
        const order = orderOf(query, { createdAt: notifications.createdAt }, [desc(notifications.createdAt), desc(notifications.id)]);
        const [rows, [{ n }]] = await Promise.all([
          db
            .select(view)
            .from(notifications)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
          db.select({ n: count() }).from(notifications).where(where),
        ]);
        return page(
          rows.map((r) => ({ ...r, isRead: r.readAt !== null })),
          n,
        );
      },
    }),
    route({
      method: 'PUT',
      url: '/Notification/MarkAsRead',
      tag,
      summary: 'Mark one of the caller’s own notifications as read (another’s is not found)',
      access: { signedIn: true },
      query: z.object({ id: idField() }),
      async handler({ query, caller, mutate }) {
        const row = await mutate(async (tx, audit) => {
          const mine = and(eq(notifications.id, query.id), eq(notifications.recipientId, caller!.id));
          const [before] = await tx.select().from(notifications).where(mine);
          if (!before) throw notFound(NOT_FOUND);
          if (before.readAt) return before;
          const [after] = await tx.update(notifications).set({ readAt: new Date() }).where(mine).returning();
          audit({
            action: 'markAsRead',
            entity: 'notification',
            entityId: after.id,
            before: { readAt: null },
            after: { readAt: after.readAt },
          });
          return after;
        });
        return ok({ ...row, isRead: true }, 'Notification marked as read');
      },
    }),
  ]);
}
