import type {
  CreateParams,
  DeleteParams,
  GetListParams,
  GetManyReferenceParams,
  GetOneParams,
  UpdateParams,
} from 'react-admin';
import type { Envelope, HttpMethod, Query } from './http';

/**
 * One API.md call: how react-admin's params become the request, and how the envelope becomes
 * react-admin's result. `read` defaults to { data, message } of the envelope.
 */
export type Endpoint<P = any> = {
  method: HttpMethod;
  path: string | ((params: P) => string);
  query?: (params: P) => Query;
  body?: (params: P) => unknown;
  read?: (envelope: Envelope<any>, params: P) => any;
  okStatus?: readonly number[];
};

export type ResourceMethod = 'getList' | 'getOne' | 'getManyReference' | 'create' | 'update' | 'delete';

/**
 * The calls of one react-admin resource. getMany, updateMany and deleteMany are derived from
 * getOne, update and delete (API.md has no batch calls). `custom` methods become named
 * methods of the data provider itself: dataProvider.signUp(params).
 */
export type ResourceEndpoints = Partial<Record<ResourceMethod, Endpoint>> & { custom?: Record<string, Endpoint> };

export type EndpointTable = Record<string, ResourceEndpoints>;

/**
 * API.md list parameters. react-admin's default sort field 'id' means "the server's order"
 * (the spec's 'default' sort), since the lists allow only their own sort fields.
 * `filters` renames react-admin filter names to the call's query names; `q` is the search box.
 */
export function listQuery(params: Partial<GetListParams>, filters: Record<string, string> = {}): Query {
  const { pagination, sort, filter = {} } = params;
  const { q, ...named } = filter as Record<string, unknown>;
  const sortBy = sort?.field && sort.field !== 'id' ? sort.field : undefined;
  return {
    PageNumber: pagination?.page,
    PageSize: pagination?.perPage,
    SortBy: sortBy,
    SortOrder: sortBy ? sort?.order.toLowerCase() : undefined,
    Search: q,
    ...Object.fromEntries(Object.entries(named).map(([name, value]) => [filters[name] ?? name, value])),
  };
}

const listResult = (envelope: Envelope<any[]>) => {
  const data = envelope.data ?? [];
  return { data, total: envelope.totalCount ?? data.length };
};

/** GET list call with paging, sort, search and filters. */
export const list = (path: string, filters?: Record<string, string>): Endpoint<GetListParams> => ({
  method: 'GET',
  path,
  query: (params) => listQuery(params, filters),
  read: listResult,
});

/** GET list call filtered by the referencing record (target names the query parameter). */
export const listByReference = (path: string, filters?: Record<string, string>): Endpoint<GetManyReferenceParams> => ({
  method: 'GET',
  path,
  query: (params) => ({ ...listQuery(params, filters), [filters?.[params.target] ?? params.target]: params.id }),
  read: listResult,
});

/** GET one record: path?{idParam}={id}. */
export const one = (path: string, idParam = 'id'): Endpoint<GetOneParams> => ({
  method: 'GET',
  path,
  query: (params) => ({ [idParam]: params.id }),
  read: (envelope) => ({ data: envelope.data }),
});

export const create = (path: string): Endpoint<CreateParams> => ({
  method: 'POST',
  path,
  body: (params) => params.data,
  read: (envelope) => ({ data: envelope.data }),
});

/** PUT with the record's id in the body; an answer without data keeps the submitted record. */
export const update = (path: string): Endpoint<UpdateParams> => ({
  method: 'PUT',
  path,
  body: (params) => ({ ...params.data, id: params.id }),
  read: (envelope, params) => ({ data: envelope.data ?? { ...params.data, id: params.id } }),
});

export const remove = (path: string, idParam = 'id'): Endpoint<DeleteParams> => ({
  method: 'DELETE',
  path,
  query: (params) => ({ [idParam]: params.id }),
  read: (envelope, params) => ({ data: envelope.data ?? params.previousData ?? { id: params.id } }),
});

/** A named call whose params are the JSON body. */
export const post = (path: string): Endpoint<object | undefined> => ({ method: 'POST', path, body: (params) => params ?? {} });
/** A named call whose params are the query. */
export const get = (path: string): Endpoint<Query | undefined> => ({ method: 'GET', path, query: (params) => params ?? {} });

/**
 * THE endpoint table: react-admin resource -> API.md calls. Later issues add rows, e.g.
 *   users: { getList: list('/Admin/GetAllUsers'), getOne: one('/UserManagement/GetUserbyId', 'UserId') },
 */
export const ENDPOINTS = {
  auth: {
    custom: {
      login: post('/Auth/Login'),
      logout: post('/Auth/Logout'),
      signUp: post('/UserManagement/SignUpUser'),
      validateEmailInitiate: post('/Auth/ValidateEmailInitiate'),
      validateEmailComplete: post('/Auth/ValidateEmailComplete'),
      requestOtp: post('/Auth/RequestOtp'),
      changePasswordInitiate: post('/Auth/ChangePasswordInitiate'),
      changePasswordComplete: post('/Auth/ChangePasswordComplete'),
      changePasswordInside: post('/Auth/ChangePasswordCompleteInside'),
    },
  },
  stats: {
    custom: {
      getAdminDashboardStats: get('/Stats/GetAdminDashboardStats'),
    },
  },
} satisfies EndpointTable;

type CustomNamesOf<T> = { [R in keyof T]: T[R] extends { custom: infer C } ? keyof C & string : never }[keyof T];
export type CustomMethodName = CustomNamesOf<typeof ENDPOINTS>;
