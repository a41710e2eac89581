import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PersonTag, Tag, TagColour, tagApplySchema, tagCreateSchema, tagUpdateSchema } from '@/domain/people/tags.js';
import type { Db, Tx } from '@/server/db/client.js';
import { memberDirectory, personTags, tags } from '@/server/db/schema/index.js';
import { isChurchMember, isListed, onMemberId, visibleTo } from '@/server/engines/memberList.js';
import { P } from '@/domain/roles/permissions.js';
import type { AuditEntry } from '@/server/http/audit.js';
import type { Caller } from '@/server/http/access.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '@/server/http/errors.js';

/** Tags on people and the calls that add or remove them (docs/decisions/0212-tags-and-bulk-actions.md). */

type Audit = (e: AuditEntry) => void;
const NOT_FOUND = 'Tag not found';

const uniqueName = (err: unknown): never => {
  if (isUniqueViolation(err, 'tags_name_key')) throw conflict('A tag with this name already exists');
  throw err;
};

const tagged = sql<number>`(select count(*) from ${personTags} where ${personTags.tagId} = ${tags.id})`.mapWith(Number);
const tagFields = { id: tags.id, name: tags.name, colour: sql<TagColour | null>`${tags.colour}`, people: tagged };

/** Every tag by name, with how many people hold it. */
export async function allTags(db: Db | Tx): Promise<Tag[]> {
  return db
    .select(tagFields)
    .from(tags)
    .orderBy(asc(sql`lower(${tags.name})`));
}

async function tagById(db: Db | Tx, id: string): Promise<Tag> {
  const [tag] = await db.select(tagFields).from(tags).where(eq(tags.id, id));
  if (!tag) throw notFound(NOT_FOUND);
  return tag;
}

export async function createTag(tx: Tx, audit: Audit, input: z.infer<typeof tagCreateSchema>) {
  const [row] = await tx
    .insert(tags)
    .values({ name: input.name, colour: input.colour ?? null })
    .returning()
    .catch(uniqueName);
  audit({ action: 'create', entity: 'tag', entityId: row.id, after: row });
  return tagById(tx, row.id);
}

export async function updateTag(tx: Tx, audit: Audit, input: z.infer<typeof tagUpdateSchema>) {
  const [before] = await tx.select().from(tags).where(eq(tags.id, input.id)).for('update');
  if (!before) throw notFound(NOT_FOUND);
  const [after] = await tx
    .update(tags)
    .set({ name: input.name, colour: input.colour === undefined ? before.colour : input.colour, updatedAt: new Date() })
    .where(eq(tags.id, input.id))
    .returning()
    .catch(uniqueName);
  audit({ action: 'update', entity: 'tag', entityId: after.id, before, after });
  return tagById(tx, after.id);
}

/** Deletes a tag and takes it off everyone who held it (the audit entry names how many). */
export async function deleteTag(tx: Tx, audit: Audit, id: string) {
  const before = await tagById(tx, id);
  await tx.delete(tags).where(eq(tags.id, id));
  audit({ action: 'delete', entity: 'tag', entityId: id, before });
}

/**
 * The people a caller's lists hold: church members, and first-timers for whoever reads the
 * first-timers' or the users' list (docs/decisions/0222); never the archived.
 */
const inCallersLists = (caller: Caller) =>
  caller.permissions.has(P.viewFirstTimers) || caller.permissions.has(P.viewUserManagement) ? isListed : isChurchMember;

/**
 * Refuses (403) unless every person named is in one of the caller's lists of people (above), and
 * not hidden from the caller by the listing rule (server/engines/listing.ts). None is skipped: the
 * call is all or nothing.
 */
async function mustAllBeListed(tx: Tx, caller: Caller, userIds: string[]) {
  const md = memberDirectory;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(md)
    .where(and(inArray(md.userId, userIds), inCallersLists(caller), visibleTo(caller)));
  const missing = userIds.length - n;
  if (missing > 0) {
    const whom = missing === 1 ? '1 of the people chosen is' : `${missing} of the people chosen are`;
    throw forbidden(`${whom} not in your lists of people; nobody was changed`);
  }
}

/**
 * Adds or removes one tag on many people in one transaction, audited once with the count.
 * Adding a tag someone holds, or removing one they lack, changes nothing for them.
 */
export async function applyTag(tx: Tx, audit: Audit, caller: Caller, input: z.infer<typeof tagApplySchema>) {
  const tag = await tagById(tx, input.tagId);
  const userIds = [...new Set(input.userIds.map((id) => id.toLowerCase()))];
  await mustAllBeListed(tx, caller, userIds);
  const changed =
    input.action === 'add'
      ? await tx
          .insert(personTags)
          .values(userIds.map((userId) => ({ tagId: tag.id, userId, taggedBy: caller.id })))
          .onConflictDoNothing()
          .returning({ userId: personTags.userId })
      : await tx
          .delete(personTags)
          .where(and(eq(personTags.tagId, tag.id), inArray(personTags.userId, userIds)))
          .returning({ userId: personTags.userId });
  audit({
    action: input.action === 'add' ? 'tag-people' : 'untag-people',
    entity: 'tag',
    entityId: tag.id,
    after: { tag: tag.name, people: userIds.length, changed: changed.length },
  });
  return { changed: changed.length };
}

/** A person's tags by name. */
export async function tagsOf(db: Db, userId: string): Promise<PersonTag[]> {
  return db
    .select({ id: tags.id, name: tags.name, colour: sql<TagColour | null>`${tags.colour}` })
    .from(personTags)
    .innerJoin(tags, eq(tags.id, personTags.tagId))
    .where(eq(personTags.userId, userId))
    .orderBy(asc(sql`lower(${tags.name})`));
}

/**
 * The member list's filter by tags (Tag, one or more): a person holding every tag named. Each tag
 * is one range of person_tags' key (tag, person). An unknown tag is a 400, not an empty list.
 */
export async function tagCondition(db: Db, tagIds: string[] | undefined): Promise<SQL | undefined> {
  if (!tagIds?.length) return undefined;
  const [{ n }] = await db.select({ n: count() }).from(tags).where(inArray(tags.id, tagIds));
  if (n < tagIds.length) throw badRequest('Tag must be a tag of the list', { tag: ['Unknown tag'] });
  const holds = (tagId: string) =>
    sql`${memberDirectory.userId} in (select ${personTags.userId} from ${personTags} where ${personTags.tagId} = ${tagId})`;
  return onMemberId(and(...tagIds.map(holds))!);
}

/**
 * The member list's extra field tags: each row's tags by name, through person_tags' index on person.
 * The kept lines hold the same (migration 0054_member_summaries, member_summaries_of): change both.
 */
export const tagsExtra = {
  tags: sql<
    PersonTag[]
  >`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'colour', t.colour) order by lower(t.name)), '[]'::json)
    from ${personTags} pt join ${tags} t on t.id = pt.tag_id where pt.user_id = ${memberDirectory.userId})`,
};

/** The member list's selection (Id): only those people, still within the list's own conditions. */
export const selectedPeople = (ids: string[] | undefined) => (ids?.length ? onMemberId(inArray(memberDirectory.userId, ids)) : undefined);
