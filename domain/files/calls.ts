import { uploadQuery } from '@/domain/files/schemas.js';
import { userIdQuery } from '@/domain/common/fields.js';
import { defineCall } from '@/domain/common/calls.js';

/** Uploaded files: the avatar upload and read, and its thumbnail for lists. */
export const filesCalls = {
  uploadFile: defineCall({ method: 'POST', path: '/Files/uploadfile', query: uploadQuery, multipart: true }),
  getUserAvatar: defineCall({ method: 'GET', path: '/UserManagement/GetUserAvatar', query: userIdQuery }),
  getAvatarThumbnail: defineCall({ method: 'GET', path: '/Files/GetAvatarThumbnail', query: userIdQuery }),
};
