/* eslint-disable @typescript-eslint/no-explicit-any -- react-admin types the params and results of a data provider as any; this table passes them through */
import type { DataProvider } from 'react-admin';
import { API_URL } from '@/src/config';
import { readToken } from '@/src/authProvider/session';
import { pathOf } from '@/domain/common/calls';
import { callFor, type Endpoint, type EndpointTable, type ResourceMethod } from './endpoints';
import type { CustomMethodName } from './table';
import { createHttpClient, type HttpClient } from './http';

/** What a named custom call answers by default: the envelope's data and message. */
export type CustomResult<T = any> = { data: T; message?: string };
export type CustomMethod = <T = any>(params?: object) => Promise<CustomResult<T>>;
export type FlockDataProvider = DataProvider & Record<CustomMethodName, CustomMethod>;

export type DataProviderOptions = {
  /** The endpoint table, which App builds from the screen list. */
  table: EndpointTable;
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

/** ONE generic data provider, driven by the endpoint table it is given. */
export function createDataProvider({ table, baseUrl = API_URL, getToken = readToken }: DataProviderOptions) {
  const http = createHttpClient({ baseUrl, getToken });

  const call = (resource: string, method: ResourceMethod, params: any) => {
    const endpoint = table[resource]?.[method];
    if (!endpoint) return Promise.reject(new Error(`No API call for ${method} on ${resource}`));
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
  const custom = Object.fromEntries(
    Object.entries(customEndpoints(table)).map(([name, endpoint]) => [name, (params?: object) => run(http, endpoint, params)]),
  );
  return { ...provider, ...custom } as FlockDataProvider;
}
