import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { directoryQueries, isChurchMember, memberFilters } from '@/server/engines/memberList.js';
import type { Db } from './client.js';
import { readsWatchedOnly } from './listTotals.js';
import * as schema from './schema/index.js';
import { memberDirectory, users } from './schema/index.js';

const db = drizzle({ client: {} as never, schema }) as unknown as Db;

describe('readsWatchedOnly', () => {
  it('keeps the totals of the member filters, which read only watched tables', () => {
    const q = {
      pageNumber: 1,
      pageSize: 25,
      zoneId: '0b7a3c1e-0000-4000-8000-000000000001',
      gender: 'Female' as const,
      departmentName: 'Choir',
      role: 'hod',
      affinityGroup: 'Men',
      search: 'ade',
    };
    const { count } = directoryQueries(db, q, [isChurchMember, ...memberFilters(db, q)]);
    expect(readsWatchedOnly(count.getSQL())).toBe(true);
  });

  it('counts every time a total that reads what no trigger watches', () => {
    expect(readsWatchedOnly(sql`${memberDirectory.userId} in (select ${users.id} from ${users} where ${users.email} like 'a%')`)).toBe(
      false,
    );
    expect(readsWatchedOnly(db.select().from(schema.biodata).getSQL())).toBe(false);
    const other = alias(memberDirectory, 'other');
    expect(readsWatchedOnly(sql`exists (select from ${other} where ${other.userId} = ${memberDirectory.userId})`)).toBe(false);
    expect(readsWatchedOnly(sql`${memberDirectory.createdAt} > ${new Date()}`)).toBe(false);
  });
});
