import type { FastifyRequest } from 'fastify';
import { MAX_IMPORT_BYTES, PREVIEW_PROBLEM_ROWS } from '@/domain/people/memberImport.js';
import { P } from '@/domain/roles/permissions.js';
import { peopleCalls } from '@/domain/people/calls.js';
import { ok } from '@/server/http/envelope.js';
import { ApiError, badRequest, conflict, isUniqueViolation } from '@/server/http/errors.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import { checkRows, type CheckedRow } from './importCheck.js';
import { commitImport } from './importCommit.js';
import { importableFields } from './importCheck.js';
import { parseSheet, retryAfterOf, suggestMapping } from './importParse.js';

const tag = 'Member import';
const access = { permission: P.createUserManagement };
/** The parsed rows come back with each step: a 5 MB sheet as JSON arrays, with room to spare. */
const ROWS_BODY_LIMIT = 4 * MAX_IMPORT_BYTES;

async function readFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ApiError(415, 'Send the file as multipart/form-data');
  const part = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
  if (!part) throw badRequest('Choose a file to upload', { file: ['Choose a file to upload'] });
  try {
    const data = await part.toBuffer();
    if (data.length === 0) throw badRequest('The file is empty', { file: ['The file is empty'] });
    return data;
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'The file is larger than 5 MB');
    throw err;
  }
}

/**
 * What the preview answers: the counts, and the first rows with problems (line, the person as
 * read, its problems). Not the good rows: for 20,000 of them that was 7 MB over mobile data,
 * of which the dialog showed none.
 */
function summary(rows: CheckedRow[]) {
  const problems = rows.filter((r) => r.problems.length > 0);
  return { total: rows.length, good: rows.length - problems.length, bad: problems.length, rows: problems.slice(0, PREVIEW_PROBLEM_ROWS) };
}

/**
 * The spreadsheet import of members and first-timers, in three calls that keep nothing between
 * them: the upload reads the file into rows, the preview checks the rows through a mapping, the
 * commit checks them again in its transaction and creates the people.
 */
export const importRoutes: AnyRouteDef[] = [
  route({
    call: peopleCalls.memberImportUpload,
    tag,
    summary:
      "(added) Read a CSV or XLSX file (multipart, field 'file', at most 5 MB, told apart by its bytes): its header row, its rows as text and a suggested column for each field ; customFields: the custom fields the caller may import (write on another's profile), and mapping.custom their columns suggested by their names. Read in a worker thread: at most 25,000 rows, 200 columns, 500,000 cells and 40 MB unpacked (400 beyond), 30 s (503 beyond, as when too many files wait)",
    access,
    async handler({ request, reply, caller, services }) {
      const sheet = await parseSheet(await readFile(request)).catch((err) => {
        const retryAfter = retryAfterOf(err);
        if (retryAfter) reply.header('retry-after', String(retryAfter));
        throw err;
      });
      const custom = await importableFields(services.database.db, caller!);
      const customFields = custom.map(({ id, name, type, choices, required }) => ({ id, name, type, choices, required }));
      return ok({ ...sheet, mapping: suggestMapping(sheet.headers, custom), customFields });
    },
  }),
  route({
    call: peopleCalls.memberImportPreview,
    tag,
    summary: `(added) Check the rows through a mapping (field to column): how many are good and how many have problems, and the first ${PREVIEW_PROBLEM_ROWS} rows with problems, each as read with its problems (missing name, bad phone or email, unknown department, zone or center, duplicate of a member or of another row, a custom field's bad or missing required value, checked as the profile's save checks it); nothing is written. mapping.custom maps custom fields (by id) to columns: only fields the caller may write`,
    access,
    bodyLimit: ROWS_BODY_LIMIT,
    async handler({ body, caller, services }) {
      return ok(summary(await checkRows(services.database.db, caller!, body.rows, body.mapping)));
    },
  }),
  route({
    call: peopleCalls.memberImportCommit,
    tag,
    summary:
      "(added) Import the rows in one transaction: mode 'all' refuses (400, nothing written) when any row has a problem; mode 'good' imports the rows without problems. Members are created as an administrator creates them (no password), or first-timers with kind 'firsttimer'; the good rows' custom field values are written in the same transaction",
    access,
    bodyLimit: ROWS_BODY_LIMIT,
    async handler({ body, caller, mutate }) {
      const result = await mutate((tx, audit) => commitImport(tx, audit, caller!, body)).catch((err) => {
        // Someone registered one of the emails between the check and the insert.
        if (isUniqueViolation(err, 'users_email_key')) throw conflict('An email in the file was registered meanwhile: preview again');
        throw err;
      });
      return ok(result, `${result.imported} imported, ${result.skipped} skipped`);
    },
  }),
];
