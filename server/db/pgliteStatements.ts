import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/** PGlite's locks, public in its typings though not in its documentation: its own query() holds both. */
type Exclusive = {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
};

/**
 * Named prepared statements on PGlite, which node-postgres has and PGlite's query() lacks: it
 * parses, describes and plans every statement anew. A member list's page took 4.1 ms to plan
 * and run and 1.3 ms to run prepared (the directory's many indexes make planning dear). A query
 * whose options carry a name (as drizzle's node-postgres statements do, see memberList.ts
 * `prepared`) is parsed once under that name and its parameter types kept; every call then
 * binds, executes and syncs in one protocol message, under the same two locks query() takes, so
 * it never runs inside another caller's transaction. Queries without a name go to query().
 */
export function withNamedStatements(client: PGlite): void {
  const paramTypes = new Map<string, number[]>();
  const exclusive = client as unknown as Exclusive;
  const query = client.query.bind(client);

  async function prepare(name: string, text: string): Promise<number[]> {
    const { serialize } = protocol;
    const { messages } = await client.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const types = parse.parseDescribeStatementResults(messages);
    paramTypes.set(name, types);
    return types;
  }

  async function run<T>(name: string, text: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const types = paramTypes.get(name) ?? (await prepare(name, text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options.serializers?.[types[i]] ?? client.serializers[types[i]];
      return serializer ? serializer(value) : String(value);
    });
    const { serialize } = protocol;
    const { messages } = await client.execProtocol(
      concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  client.query = <T>(text: string, params: unknown[] = [], options: QueryOptions & { name?: string } = {}) => {
    const { name, ...rest } = options;
    if (!name) return query<T>(text, params, options);
    return exclusive._runExclusiveTransaction(() => exclusive._runExclusiveQuery(() => run<T>(name, text, params, rest)));
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
