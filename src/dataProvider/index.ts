/* eslint-disable @typescript-eslint/no-explicit-any -- react-admin types the params and results of a data provider as any; this table passes them through */
import type { DataProvider } from 'react-admin';
import { API_URL } from '@/src/config';
import { readToken } from '@/src/authProvider/session';
import { pathOf } from '@/domain/common/calls';
import { callFor, type Endpoint, type EndpointTable, type ResourceMethod } from './endpoints';
import type { Endpoints } from '@/src/endpoints';
import { createHttpClient, type HttpClient } from './http';

/** What a named custom call answers by default: the envelope's data and message. */
export type CustomResult<T = any> = { data: T; message?: string };
export type CustomMethod = <T = any>(params?: object) => Promise<CustomResult<T>>;
type CustomNamesOf<T> = { [R in keyof T]: T[R] extends { custom: infer C } ? keyof C & string : never }[keyof T];
export type CustomMethodName = CustomNamesOf<Endpoints>;

export type FlockDataProvider = DataProvider & Record<CustomMethodName, CustomMethod>;

/** A part of the endpoint table, loaded on demand (src/endpointTable/index.ts). */
export type TableSlice = () => Promise<EndpointTable>;

export type DataProviderOptions = {
  /**
   * The endpoint table (src/endpoints.ts), or the slices it is loaded in: App loads it on demand,
   * so that its calls' schemas are not part of the first page, and in slices, so that evaluating
   * them is not one long task (docs/decisions/0255).
   */
  table: EndpointTable | readonly TableSlice[];
  baseUrl?: string;
  getToken?: () => string | null;
};

const STANDARD = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'];

async function run(http: HttpClient, endpoint: Endpoint, params: any) {
  const call = callFor(endpoint, params);
  const envelope = await http({
    method: call.method,
    path: pathOf(call as { path: string }, endpoint.params?.(params) as never),
    query: endpoint.query?.(params),
    body: endpoint.body?.(params),
    okStatus: endpoint.okStatus,
    signal: params?.signal,
  });
  return endpoint.read ? endpoint.read(envelope, params) : { data: envelope.data, message: envelope.message };
}

/** Custom methods of every row, refusing names that collide: each must mean one call. */
function customEndpoints(table: EndpointTable): Record<string, Endpoint> {
  const all: Record<string, Endpoint> = {};
  for (const [resource, row] of Object.entries(table)) {
    for (const [name, endpoint] of Object.entries(row.custom ?? {})) {
      if (name in all || STANDARD.includes(name)) throw new Error(`Custom data provider method ${name} (${resource}) is not unique`);
      all[name] = endpoint;
    }
  }
  return all;
}

type LoadedTable = { rows: EndpointTable; custom: Record<string, Endpoint> };
const loaded = (rows: EndpointTable): LoadedTable => ({ rows, custom: customEndpoints(rows) });
/** Where an endpoint is in a table, or undefined. */
type Lookup = (table: LoadedTable) => Endpoint | undefined;

/**
 * Each slice once, all of them fetched together at the first lookup (or preload); a lookup
 * answers as soon as a slice holding the endpoint is in, and undefined once every slice is in
 * without it. A slice that failed to load (offline) is tried again by the next lookup.
 */
function sliceReader(slices: readonly TableSlice[]) {
  const loading: Array<Promise<LoadedTable> | undefined> = [];
  const load = (index: number) =>
    (loading[index] ??= slices[index]().then(loaded, (error: unknown) => {
      loading[index] = undefined;
      throw error;
    }));
  return (lookup: Lookup) =>
    new Promise<Endpoint | undefined>((resolve, reject) => {
      let left = slices.length;
      let failure: unknown;
      const settled = () => {
        left -= 1;
        if (left > 0) return;
        if (failure === undefined) resolve(undefined);
        else reject(failure);
      };
      slices.forEach((_, index) =>
        load(index).then(
          (table) => {
            const endpoint = lookup(table);
            if (endpoint) resolve(endpoint);
            settled();
          },
          (error: unknown) => {
            failure ??= error;
            settled();
          },
        ),
      );
    });
}

/**
 * How the provider finds an endpoint in the table it was given: at once for a table (its custom
 * methods checked now; `ready` holds it), in the slices that hold it for slices.
 */
function tableReader(table: DataProviderOptions['table']): {
  find: (lookup: Lookup) => Promise<Endpoint | undefined>;
  ready?: LoadedTable;
} {
  if (!Array.isArray(table)) {
    const ready = loaded(table as EndpointTable);
    return { find: async (lookup) => lookup(ready), ready };
  }
  return { find: sliceReader(table) };
}

/**
 * ONE generic data provider, driven by the endpoint table it is given. Its custom methods are
 * the table's (dataProvider.signUp(params)): methods of its own for a table, and for slices,
 * whose names arrive with them, read through a proxy as react-admin's useDataProvider reads
 * the provider itself: a name that is no method of the table rejects when called.
 */
export function createDataProvider({ table, baseUrl = API_URL, getToken = readToken }: DataProviderOptions) {
  const http = createHttpClient({ baseUrl, getToken });
  const { find, ready } = tableReader(table);

  const call = async (resource: string, method: ResourceMethod, params: any) => {
    const endpoint = await find((loadedTable) => loadedTable.rows[resource]?.[method]);
    if (!endpoint) throw new Error(`No API call for ${method} on ${resource}`);
    return run(http, endpoint, params);
  };
  const custom = async (name: string, params?: object) => {
    const endpoint = await find((loadedTable) => loadedTable.custom[name]);
    if (!endpoint) throw new Error(`Unknown dataProvider function: ${name}`);
    return run(http, endpoint, params);
  };

  const provider: DataProvider = {
    supportAbortSignal: true,
    getList: (resource, params) => call(resource, 'getList', params),
    getOne: (resource, params) => call(resource, 'getOne', params),
    getManyReference: (resource, params) => call(resource, 'getManyReference', params),
    create: (resource, params) => call(resource, 'create', params),
    update: (resource, params) => call(resource, 'update', params),
    delete: (resource, params) => call(resource, 'delete', params),
    getMany: async (resource, { ids, meta, signal }) => {
      const results = await Promise.all(ids.map((id) => call(resource, 'getOne', { id, meta, signal })));
      return { data: results.map((result) => result.data) };
    },
    updateMany: async (resource, { ids, data, meta }) => {
      await Promise.all(ids.map((id) => call(resource, 'update', { id, data, previousData: {}, meta })));
      return { data: ids };
    },
    deleteMany: async (resource, { ids, meta }) => {
      await Promise.all(ids.map((id) => call(resource, 'delete', { id, meta })));
      return { data: ids };
    },
  };
  const customOf = (name: string) => (params?: object) => custom(name, params);
  if (ready) {
    const named = Object.keys(ready.custom).map((name) => [name, customOf(name)]);
    return { ...provider, ...Object.fromEntries(named) } as FlockDataProvider;
  }
  // Symbols and `then` are not methods: the provider must not look like a promise.
  return new Proxy(provider, {
    get: (target, name) => (name in target || typeof name === 'symbol' || name === 'then' ? Reflect.get(target, name) : customOf(name)),
  }) as FlockDataProvider;
}
