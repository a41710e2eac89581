import { z } from 'zod';

/**
 * The spreadsheet import of people: the fields a church's columns map onto, and the bodies of
 * the preview and commit calls (the server checks with these; the web dialog reuses the names).
 */
export const IMPORT_FIELDS = [
  'name',
  'firstName',
  'surName',
  'phone',
  'email',
  'gender',
  'dateOfBirth',
  'address',
  'department',
  'zone',
  'center',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The largest file an upload takes, and the most rows one import holds. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 25_000;
/** The most columns a file's rows are read with (a mapping's column index stays below it). */
export const MAX_IMPORT_COLUMNS = 200;
/** The rows with problems a preview answers, the first ones (enough to fix a mapping, light on a phone): the counts tell how many more. */
export const PREVIEW_PROBLEM_ROWS = 100;

const column = z.number().int().min(0).max(MAX_IMPORT_COLUMNS);

/**
 * Each field's column (index into the header row), or none; custom: the columns of the church's
 * own fields, by field id (docs/decisions/0209).
 */
export const importMappingSchema = z.object({
  ...(Object.fromEntries(IMPORT_FIELDS.map((f) => [f, column.nullable().optional()])) as Record<
    ImportField,
    z.ZodOptional<z.ZodNullable<typeof column>>
  >),
  custom: z
    .record(z.uuid({ error: 'Each custom field of the mapping must be a field id' }), column, {
      error: 'Custom must be an object of field ids and columns',
    })
    .optional(),
});
export type ImportMapping = z.output<typeof importMappingSchema>;

const cell = z.string().max(1000, 'A cell holds at most 1000 characters');

export const importPreviewSchema = z.object({
  rows: z
    .array(z.array(cell).max(MAX_IMPORT_COLUMNS))
    .min(1, 'The file has no rows')
    .max(MAX_IMPORT_ROWS, `At most ${MAX_IMPORT_ROWS} rows`),
  mapping: importMappingSchema,
  kind: z.enum(['member', 'firsttimer'], { error: "Kind must be 'member' or 'firsttimer'" }).default('member'),
});

export const importCommitSchema = importPreviewSchema.extend({
  mode: z.enum(['all', 'good'], { error: "Mode must be 'all' or 'good'" }),
});
