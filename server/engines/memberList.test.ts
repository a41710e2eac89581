import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client.js';
import * as schema from '@/server/db/schema/index.js';
import { memberDirectory } from '@/server/db/schema/index.js';
import { isChurchMember, memberPage } from './memberList.js';

type Sent = { name?: string; text: string; values?: unknown[] };

/** node-postgres as drizzle drives it, answering every page empty and every total 7. */
function recordingDb(sent: Sent[]) {
  const client = {
    query: async (config: Sent) => {
      sent.push({ name: config.name, text: config.text, values: config.values });
      // An empty page (past the end), then the total read on its own.
      const page = config.text.includes('"page_ids"');
      return { rows: page ? [] : [[7]], fields: [], rowCount: 0, command: 'SELECT' };
    },
  };
  return drizzle({ client: client as never, schema }) as unknown as Db;
}

/** A zone's members, its scope naming the zone as a route's scope names every value it builds in. */
const inZone = (zoneId: string) => ({ scope: `zone ${zoneId}`, where: () => [isChurchMember, eq(memberDirectory.zoneId, zoneId)] });

describe('the member lists on node-postgres', () => {
  it('send each list statement named after its text, so PostgreSQL prepares and keeps it', async () => {
    const sent: Sent[] = [];
    const answer = await memberPage(
      recordingDb(sent),
      { pageNumber: 9, pageSize: 25 },
      { scope: 'members', where: () => [isChurchMember] },
    );
    expect(JSON.parse(answer.text).totalCount).toBe(7);
    expect(sent).toHaveLength(2);
    for (const { name, text } of sent) expect(name).toBe(`stmt_${createHash('sha1').update(text).digest('hex')}`);
    expect(sent[0].name).not.toBe(sent[1].name);
  });

  it('send one statement for one shape of page, each call with its own values', async () => {
    const sent: Sent[] = [];
    const db = recordingDb(sent);
    const zones = ['0b7a3c1e-0000-4000-8000-000000000001', '0b7a3c1e-0000-4000-8000-000000000002'];
    for (const zoneId of zones) {
      sent.length = 0;
      await memberPage(db, { pageNumber: 9, pageSize: 25 }, inZone(zoneId));
      expect(sent[0].values).toContain(zoneId);
      expect(sent[0].values).toContain(200);
      expect(sent[0].text).not.toContain(zoneId);
    }
    const [first] = sent;
    sent.length = 0;
    await memberPage(db, { pageNumber: 9, pageSize: 25 }, inZone(zones[0]));
    expect(sent[0].name).toBe(first.name);
    const women = { scope: 'women', where: () => [isChurchMember, eq(memberDirectory.gender, 'Female')] };
    await memberPage(db, { pageNumber: 9, pageSize: 25 }, women);
    expect(sent.at(-2)!.name).not.toBe(first.name);
  });

  it('build a list once per scope and query: another page number reuses it, another scope or filter builds anew', async () => {
    const sent: Sent[] = [];
    const db = recordingDb(sent);
    const built: string[] = [];
    const list = (scope: string) => ({ scope, where: () => (built.push(scope), [isChurchMember]) });
    await memberPage(db, { pageNumber: 9, pageSize: 25 }, list('a'));
    await memberPage(db, { pageNumber: 10, pageSize: 25 }, list('a'));
    expect(built).toEqual(['a']);
    expect(sent.filter((s) => s.text.includes('"page_ids"')).map((s) => s.values?.[0])).toEqual([200, 225]);
    await memberPage(db, { pageNumber: 9, pageSize: 25 }, list('b'));
    await memberPage(db, { pageNumber: 9, pageSize: 25, sortBy: 'dob' }, list('a'));
    await memberPage(db, { pageNumber: 9, pageSize: 50 }, list('a'));
    expect(built).toEqual(['a', 'b', 'a', 'a']);
  });
});
