import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { EMPLOYMENT_STATUSES, GENDERS, MARITAL_STATUSES } from '@/domain/common/enums.js';
import { canEditStatus, normaliseBiodata } from '@/domain/profile/rules.js';
import type { Biodata } from '@/domain/profile/schemas.js';
import type { Db, Tx } from '@/server/db/client.js';
import { searchOver, sameText } from '@/server/db/queries.js';
import { biodata, users } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { page } from '@/server/http/envelope.js';
import { badRequest, forbidden, notFound } from '@/server/http/errors.js';
import { listQuery, orderOf, pageOf } from '@/server/engines/list.js';
import { listedFor } from '@/server/engines/listing.js';

type BiodataRow = typeof biodata.$inferSelect;

const BIODATA_NOT_FOUND = 'Biodata not found!';
const EMAIL_LOCKED = 'Email cannot be changed once it is set';
const MOBILE1_LOCKED = 'Mobile 1 cannot be changed once it is set';

/** The form's fields besides the owner, the id and the status. */
const FORM_FIELDS = [
  'title',
  'firstName',
  'middleName',
  'surName',
  'email',
  'mobile1',
  'mobile2',
  'address',
  'nearestBusStop',
  'lga',
  'state',
  'country',
  'gender',
  'employmentStatus',
  'dateOfBirth',
  'placeOfBirth',
  'nationality',
  'stateOfOrigin',
  'maritalStatus',
  'maidenName',
] as const;
type FormField = (typeof FORM_FIELDS)[number];
/** The form as stored: a field left out is null. */
type Form = { [K in FormField]: undefined extends Biodata[K] ? Exclude<Biodata[K], undefined> | null : Biodata[K] };

/** Email and mobile 1 are locked once they hold values, for everyone. */
function checkLocked(before: BiodataRow, input: Biodata) {
  if (before.email && before.email.toLowerCase() !== input.email) throw badRequest(EMAIL_LOCKED, { email: [EMAIL_LOCKED] });
  if (before.mobile1 && before.mobile1 !== input.mobile1) throw badRequest(MOBILE1_LOCKED, { mobile1: [MOBILE1_LOCKED] });
}

/**
 * The stored values of a save. It replaces every field of the form (one left out is cleared);
 * the status is kept unless sent, and changing it needs CAN_UPDATE_DEMISE_MEMBERS.
 */
export function biodataValues(caller: Caller, input: Biodata, before: BiodataRow | null) {
  if (before) checkLocked(before, input);
  const demise = input.demise ?? before?.demise ?? false;
  if (demise !== (before?.demise ?? false) && !canEditStatus(caller.permissions)) {
    throw forbidden('Changing the status needs the right to update demise members');
  }
  const form = Object.fromEntries(FORM_FIELDS.map((k) => [k, input[k] ?? null])) as Form;
  return { ...normaliseBiodata(form), demise };
}

/** The account keeps the names the profile holds, so sign-in and lists show the same person. */
export async function syncAccount(tx: Tx, row: BiodataRow) {
  const { title, firstName, middleName, surName, gender, mobile1 } = row;
  await tx
    .update(users)
    .set({ title, firstName, middleName, surName, gender, mobile1: mobile1 || null, updatedAt: new Date() })
    .where(eq(users.id, row.userId));
}

export async function biodataOf(db: Db | Tx, userId: string): Promise<BiodataRow | undefined> {
  const [row] = await db.select().from(biodata).where(eq(biodata.userId, userId));
  return row;
}

/** 404 with the contract's text, 'Biodata not found!'. */
export const biodataNotFound = () => notFound(BIODATA_NOT_FOUND);

export const biodataListQuery = listQuery({
  gender: z.enum(GENDERS, { error: `Gender must be one of ${GENDERS.join(', ')}` }).optional(),
  maritalStatus: z.enum(MARITAL_STATUSES, { error: 'Choose a marital status from the list' }).optional(),
  employmentStatus: z.enum(EMPLOYMENT_STATUSES, { error: `Employment status must be one of ${EMPLOYMENT_STATUSES.join(', ')}` }).optional(),
  state: z.string().trim().max(100).optional(),
  demise: z.stringbool({ error: 'Demise must be true or false' }).optional(),
});

const SORT = {
  default: biodata.surName,
  firstName: biodata.firstName,
  surName: biodata.surName,
  dob: biodata.dateOfBirth,
  dateOfBirth: biodata.dateOfBirth,
  gender: biodata.gender,
  maritalStatus: biodata.maritalStatus,
  employment: biodata.employmentStatus,
  employmentStatus: biodata.employmentStatus,
  state: biodata.state,
};

/** GetAllBiodata: search over names, email and phones, the named filters, sort and paging; the listing rule (listing.ts). */
export async function biodataPage(db: Db, caller: Caller, q: z.infer<typeof biodataListQuery>) {
  const where = and(
    listedFor(caller, biodata.userId),
    searchOver(q.search, [biodata.firstName, biodata.surName, biodata.middleName, biodata.email, biodata.mobile1, biodata.mobile2]),
    ...([
      q.gender && eq(biodata.gender, q.gender),
      q.maritalStatus && eq(biodata.maritalStatus, q.maritalStatus),
      q.employmentStatus && eq(biodata.employmentStatus, q.employmentStatus),
      q.state && sameText(biodata.state, q.state),
      q.demise !== undefined && eq(biodata.demise, q.demise),
    ].filter(Boolean) as SQL[]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(biodata)
      .where(where)
      .orderBy(...orderOf(q, SORT, [asc(biodata.surName), asc(biodata.firstName), asc(biodata.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(biodata).where(where),
  ]);
  return page(rows, n);
}
