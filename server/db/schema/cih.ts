import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stamps } from './common.js';

export const zones = pgTable(
  'zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneName: text('zone_name').notNull(),
    description: text('description'),
    ...stamps,
  },
  // Names are unique without regard to case, in the database itself: two racing creates of
  // 'Choir' and 'choir' cannot both pass the handler's check.
  (t) => [uniqueIndex('zones_name_key').on(sql`lower(${t.zoneName})`)],
);

export const centers = pgTable(
  'centers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id),
    centerName: text('center_name').notNull(),
    address: text('address'),
    ...stamps,
  },
  (t) => [uniqueIndex('centers_zone_name_key').on(t.zoneId, sql`lower(${t.centerName})`)],
);
