import type { FastifyInstance } from 'fastify';
import { filesCalls } from '@/domain/files/calls.js';
import { ok } from '@/server/http/envelope.js';
import { P } from '@/domain/roles/permissions.js';
import { ApiError, notFound } from '@/server/http/errors.js';
import { existingUser, isSelf, readAccess } from '@/server/engines/profileAccess.js';
import { isUnlisted, seesUnlisted } from '@/server/engines/listing.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { avatarOf, storeAvatar } from './avatars.js';
import { judgeImage, notAnImage, unsafeSvg } from './image.js';
import { thumbnailOf } from './thumbnails.js';
import { readUpload } from './upload.js';

export async function filesModule(app: FastifyInstance) {
  registerRoutes(app, [
    route({
      call: filesCalls.uploadFile,
      tag: 'Files',
      summary:
        "Upload one's own avatar (multipart, field 'file'): SVG, JPEG or PNG by its bytes, at most 800KB; an SVG with active content is refused",
      access: { self: 'userId' },
      async handler({ query, request, mutate }) {
        const upload = await readUpload(request, query);
        const verdict = await judgeImage(upload.data);
        if ('refused' in verdict) {
          throw new ApiError(415, verdict.refused === 'unsafe-svg' ? unsafeSvg(upload.fileName) : notAnImage(upload.fileName));
        }
        const stored = await mutate(async (tx, audit) => {
          await existingUser(tx, query.userId);
          return storeAvatar(tx, audit, query.userId, upload, verdict.contentType);
        });
        return ok(stored, 'File uploaded successfully');
      },
    }),
    // Under /UserManagement/ by its path, but it reads back what uploadfile stores, so it sits beside it.
    route({
      call: filesCalls.getUserAvatar,
      tag: 'Users',
      summary: "A user's avatar as {fileBase64, contentType}; data is null when they have none",
      access: readAccess('userId'),
      handler: async ({ query, services }) => ok(await avatarOf(services.database.db, query.userId)),
    }),
    route({
      call: filesCalls.getAvatarThumbnail,
      tag: 'Files',
      summary:
        "A member's avatar as a 96-pixel JPEG for the member list's photos (made once and kept beside the avatar); 404 when they have none or are not in the caller's member list (the listing rule)",
      // Whoever reads the member list (and anyone their own).
      access: { permission: [P.viewMembers, P.viewCihManagement, P.viewAttendance, P.updateOtherMembers], orSelf: 'userId' },
      async handler({ query, caller, services, reply }) {
        const db = services.database.db;
        const shown = isSelf(caller, query.userId) || seesUnlisted(caller!) || !(await isUnlisted(db, query.userId));
        const thumbnail = shown ? await thumbnailOf(db, query.userId) : null;
        if (!thumbnail) throw notFound('No photo');
        // No browser cache (the API's no-store): a photo is personal data on a shared computer; the web app keeps it for the session.
        reply.type('image/jpeg').send(thumbnail);
      },
    }),
  ]);
}
