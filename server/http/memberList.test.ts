import { createHash } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client.js';
import * as schema from '@/server/db/schema/index.js';
import { isChurchMember, memberPage } from './memberList.js';

type Sent = { name?: string; text: string };

/** node-postgres as drizzle drives it, answering an empty page and then its total. */
function recordingDb(sent: Sent[]) {
  const client = {
    query: async (config: Sent) => {
      sent.push({ name: config.name, text: config.text });
      return { rows: sent.length === 1 ? [] : [[7]], fields: [], rowCount: 0, command: 'SELECT' };
    },
  };
  return drizzle({ client: client as never, schema }) as unknown as Db;
}

describe('the member lists on node-postgres', () => {
  it('send each list statement named after its text, so PostgreSQL prepares and keeps it', async () => {
    const sent: Sent[] = [];
    const answer = await memberPage(recordingDb(sent), { pageNumber: 9, pageSize: 25 }, [isChurchMember]);
    expect(answer.totalCount).toBe(7);
    expect(sent).toHaveLength(2);
    for (const { name, text } of sent) expect(name).toBe(`list_${createHash('sha1').update(text).digest('hex')}`);
    expect(sent[0].name).not.toBe(sent[1].name);
  });
});
