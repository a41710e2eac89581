import { defineCall } from '@/domain/common/calls.js';

/** Uploaded files: the avatar upload and read. */
export const filesCalls = {
  uploadFile: defineCall({ method: 'POST', path: '/Files/uploadfile', multipart: true }),
  getUserAvatar: defineCall({ method: 'GET', path: '/UserManagement/GetUserAvatar' }),
};
