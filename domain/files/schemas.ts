import { z } from 'zod';
import { FILE_TYPES } from '@/domain/common/enums.js';
import { idField } from '@/domain/common/fields.js';

/** uploadfile's query: whose file it is and what kind (the file itself is the multipart body). */
export const uploadQuery = z.object({ userId: idField('UserId'), fileType: z.enum(FILE_TYPES, { error: "FileType must be 'avatar'" }) });
