import { sql } from 'drizzle-orm';
import { STAGES } from '@/domain/people/stages.js';
import type { SavedFilter } from '@/domain/people/savedLists.js';
import {
  bigint,
  boolean,
  check,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** People: their accounts, and the member directory the member lists read (kept by database triggers). */

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    userName: text('user_name'),
    passwordHash: text('password_hash'),
    title: text('title'),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    surName: text('sur_name').notNull(),
    gender: text('gender'),
    mobile1: text('mobile1'),
    /** Email validated: a profile is active only after validation. */
    emailVerified: boolean('email_verified').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    isFirstTimer: boolean('is_first_timer').notNull().default(true),
    /** When the first-timer flag was cleared: converted people are counted in the first-timer stats. */
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    /** Bumped on logout, disable and password change: every older token stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * The language the person reads Flock in (domain/common/languages.ts): the screens after sign-in,
     * and what is sent or made for them. Checked against the list by the API, not by a constraint,
     * so that adding a language needs no migration (docs/decisions/0226-languages.md).
     */
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_user_name_key').on(t.userName),
    // The first-timers, few beside the members: the member lists leave them out through this index
    // (server/engines/memberList.ts), since no directory index holds the flag (conversions stay HOT).
    index('users_first_timers_idx')
      .on(t.id)
      .where(sql`${t.isFirstTimer}`),
  ],
);

/**
 * One row per user with the values the member lists filter, sort and search on, copied from
 * users, biodata and church_affiliations by database triggers in the same statement that writes
 * them (migration 0007_member_directory; docs/decisions.md says why triggers). The lists read
 * this row so that an index serves each filter and sort; search_text holds the folded text
 * (lower case, no accents: flock_fold) that search matches anywhere, through pg_trgm.
 */
export const memberDirectory = pgTable(
  'member_directory',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    surName: text('sur_name').notNull(),
    middleName: text('middle_name'),
    phone: text('phone'),
    gender: text('gender'),
    maritalStatus: text('marital_status'),
    employmentStatus: text('employment_status'),
    state: text('state'),
    /** The summary's "state, country" from the biodata: a page reads it here, not per row from biodata. */
    location: text('location'),
    dateOfBirth: date('date_of_birth'),
    zoneId: uuid('zone_id'),
    centerId: uuid('center_id'),
    cihRole: text('cih_role'),
    /** The affiliation's affinity groups in lower case, for a filter that ignores case. */
    affinityGroups: text('affinity_groups').array().notNull().default([]),
    isFirstTimer: boolean('is_first_timer').notNull(),
    /** The biodata's demise flag: archived people leave every list but the archive. */
    archived: boolean('archived').notNull(),
    disabled: boolean('disabled').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    stateKey: text('state_key'),
    /** Names, email and phone numbers, folded, for substring search through a trigram index. */
    searchText: text('search_text').notNull(),
    /**
     * The person's newest 'listing' consent is a no: leaders other than administrators do not find
     * them in the church-wide lists. Kept by a trigger on consents (migration 0017_listing_consent).
     */
    hiddenFromLeaders: boolean('hidden_from_leaders').notNull().default(false),
    /**
     * The person's stage (member_stages' newest period) where the first-timer flag does not say
     * it: null for first-timers and members, so a conversion leaves this column, and the stage
     * index, as they were (a HOT update still: docs/decisions 0072, 0210). Kept by
     * member_directory_sync (migration 0028_member_stages_directory).
     */
    stage: text('stage', { enum: STAGES }),
  },
  (t) => {
    const listed = sql`not ${t.archived}`;
    // No index holds the first-timer flag or converted_at, in its key or its predicate, so a
    // conversion is a HOT update (the row rewritten in its page, no index touched) where the page
    // has room: the table keeps half of each page free (fillfactor 50, migration
    // 0009_directory_hot_conversion), as a bulk conversion rewrites rows written together. The
    // lists leave first-timers out through users_first_timers_idx (server/engines/memberList.ts).
    // A sort's one index: its key (NULLs last), then the name order that breaks ties, and the id.
    // A descending sort is the ascending one reversed, every key and the NULLs' place with it, so
    // it is a backward scan of the same index: no descending twin (docs/decisions/0239, 0071).
    const sortIndex = (name: string, key: ExtraConfigColumn, ...ties: ExtraConfigColumn[]) =>
      index(`member_directory_${name}_idx`)
        .on(key, ...ties, t.userId)
        .where(listed);
    const byName: [ExtraConfigColumn, ExtraConfigColumn] = [t.surName, t.firstName];
    return [
      sortIndex('sur_name', t.surName, t.firstName),
      sortIndex('first_name', t.firstName, t.surName),
      sortIndex('dob', t.dateOfBirth, ...byName),
      sortIndex('gender', t.gender, ...byName),
      sortIndex('marital', t.maritalStatus, ...byName),
      sortIndex('employment', t.employmentStatus, ...byName),
      sortIndex('state', t.state, ...byName),
      sortIndex('email', t.email, ...byName),
      sortIndex('created', t.createdAt, ...byName),
      sortIndex('disabled', t.disabled, ...byName),
      // Filters: the state (any letter case), zone (with gender), center, affinity group.
      index('member_directory_state_key_idx')
        .on(t.stateKey, ...byName, t.userId)
        .where(listed),
      index('member_directory_zone_idx')
        .on(t.zoneId, t.gender, ...byName, t.userId)
        .where(listed),
      index('member_directory_center_idx')
        .on(t.centerId, ...byName, t.userId)
        .where(listed),
      // The stage filter: worker and leader are their own key, member is null (the flag says it).
      index('member_directory_stage_idx')
        .on(t.stage, ...byName, t.userId)
        .where(listed),
      // The current members per center the CIH statistics count (not archived, not disabled): an
      // index-only scan of the center ids alone, not the table (docs/decisions/0251).
      index('member_directory_center_members_idx')
        .on(t.centerId)
        .where(sql`not ${t.archived} and not ${t.disabled}`),
      index('member_directory_affinity_idx').using('gin', t.affinityGroups).where(listed),
      index('member_directory_archived_idx')
        .on(...byName, t.userId)
        .where(sql`${t.archived}`),
      index('member_directory_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
      // A search in the name order: the sort index's key carrying the search text (INCLUDE, written
      // by hand in migration 0056: drizzle names the key only), so the rows a search passes over
      // before its page are read from the index, not each from the table (docs/decisions/0254).
      index('member_directory_name_search_idx')
        .on(...byName, t.userId)
        .where(listed),
      // The few who withheld listing: the lists leave them out by an anti-join through this index.
      index('member_directory_hidden_idx')
        .on(t.userId)
        .where(sql`${t.hiddenFromLeaders}`),
      // 'Birthday this month' (docs/decisions/0214): the month of birth, then the name order.
      index('member_directory_birth_month_idx')
        .on(sql`extract(month from ${t.dateOfBirth})`, ...byName, t.userId)
        .where(listed),
    ];
  },
);

/**
 * How many directory rows hold each pair of list flags, kept by statement triggers on
 * member_directory: an unfiltered list's total without counting 100,000 rows on every page.
 */
export const memberDirectoryCounts = pgTable(
  'member_directory_counts',
  {
    isFirstTimer: boolean('is_first_timer').notNull(),
    archived: boolean('archived').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.isFirstTimer, t.archived] })],
);

/**
 * The names of each user's roles, sorted, for the member summary: a page joins this row rather
 * than looking up roles per row (a third of a page's time in PostgreSQL). Kept by statement
 * triggers on user_roles and on a role's rename (migration 0022_member_role_names). Its own
 * narrow table, not a directory column: a bulk conversion changes every converted person's roles
 * in two statements, and rewriting their wide directory rows twice more (with all their indexes)
 * tripled its time. Users without a role have no row.
 */
export const memberRoleNames = pgTable('member_role_names', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  names: text('names').array().notNull(),
});

/**
 * Each directory row's line of the member list as JSON text: the member summary with its tags,
 * household and photo version (server/engines/memberList.ts), made by statement triggers on
 * everything it shows (migration 0054_member_summaries, docs/decisions/0250), so a page reads
 * 26 texts instead of building them. No foreign key: a bulk import writes 20,000 rows at once,
 * and the directory's delete trigger removes the row.
 */
export const memberSummaries = pgTable('member_summaries', {
  userId: uuid('user_id').primaryKey(),
  summary: text('summary').notNull(),
});

/**
 * Each directory row's search text and archive flag, narrow (a fifth of the directory's pages):
 * a search's total over a base list counts here, through its own trigram index, instead of
 * reading thousands of wide directory pages for its matches (server/engines/memberList.ts
 * searchTotal). Kept by triggers on member_directory (migration 0023_member_search_texts); gone
 * with the user.
 */
export const memberSearchTexts = pgTable(
  'member_search_texts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchText: text('search_text').notNull(),
    archived: boolean('archived').notNull(),
  },
  (t) => [index('member_search_texts_idx').using('gin', t.searchText.op('gin_trgm_ops'))],
);

/**
 * How many times the tables the member lists count were written, in shards: a statement trigger
 * on each (migration 0024_list_generations) adds one to its transaction's shard, so concurrent
 * writers seldom meet on a row. The sum grows with every commit that could change a list's
 * total, so a total counted at one sum still holds while the sum is unchanged
 * (server/db/listTotals.ts).
 */
export const listGenerations = pgTable('list_generations', {
  shard: integer('shard').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/**
 * How many times the tables the member list's answer shows besides the directory were written
 * (names of zones, centers and roles, tags, households, photos, custom fields, stages, rights),
 * sharded as list_generations is (migration 0049_member_list_versions). Its sum and
 * list_generations' together are the version of the list's data: an answer kept at one version
 * holds while it is unchanged (server/engines/listAnswers.ts, docs/decisions/0241).
 */
export const listAnswerGenerations = pgTable('list_answer_generations', {
  shard: integer('shard').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/**
 * A person's stage history: each row a period from startedOn until the next row's start (the
 * newest is the current stage). Written by the office's stage change and by the conversion of a
 * first-timer; the first rows were derived by migration 0028_member_stages_directory
 * (docs/decisions 0210). Rows are never changed, so the history is the record.
 */
export const memberStages = pgTable(
  'member_stages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: STAGES }).notNull(),
    startedOn: date('started_on').notNull(),
    /** Who set it: the office, or whoever converted the first-timer; null when derived by the migration. */
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A person's periods in order (the current one, the timeline's page).
    index('member_stages_user_idx').on(t.userId, t.startedOn, t.createdAt),
    check('member_stages_stage_check', sql.raw(`stage in (${STAGES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/**
 * Pairs of people an administrator said are not one person: the duplicate suggestions leave them
 * out. The pair is kept in id order (user_a < user_b), so one row answers both ways round; it
 * goes with either account (docs/decisions/0211-duplicates-and-merge.md).
 */
export const duplicateDismissals = pgTable(
  'duplicate_dismissals',
  {
    userA: uuid('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: uuid('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dismissedBy: uuid('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userA, t.userB] }), check('duplicate_dismissals_order', sql`${t.userA} < ${t.userB}`)],
);

/**
 * Tags the office puts on people (docs/decisions/0212-tags-and-bulk-actions.md): a name unique
 * without case and an optional colour from a fixed palette (domain/people/tags.ts).
 */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    colour: text('colour'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_name_key').on(sql`lower(${t.name})`)],
);

/**
 * A tag on a person. Keyed (tag, person): the member list's filter by a tag is one range of it;
 * the index on person serves a profile's tags, the list's tag column, erasure and the merge.
 */
export const personTags = pgTable(
  'person_tags',
  {
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taggedBy: uuid('tagged_by').references(() => users.id, { onDelete: 'set null' }),
    taggedAt: timestamp('tagged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'person_tags_pkey', columns: [t.tagId, t.userId] }), index('person_tags_user_idx').on(t.userId)],
);

/**
 * A filter of the member list kept by name (docs/decisions/0214-saved-lists.md): private to its
 * owner, or shared with the office. The filter is the member list's own, as the web app names it
 * (domain/people/savedLists.ts), checked against that allowlist when saved.
 */
export const savedLists = pgTable(
  'saved_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    shared: boolean('shared').notNull().default(false),
    filter: jsonb('filter').$type<SavedFilter>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A private list's name is unique for its owner, without case; the picker reads by owner.
    uniqueIndex('saved_lists_owner_name_key').on(t.ownerId, sql`lower(${t.name})`),
    index('saved_lists_shared_idx')
      .on(t.name)
      .where(sql`${t.shared}`),
  ],
);
