/* eslint-disable @typescript-eslint/no-explicit-any -- react-admin types the params and results of a data provider as any; this table passes them through */
import type { CreateParams, DeleteParams, GetListParams, GetManyReferenceParams, GetOneParams, UpdateParams } from 'react-admin';
import type { Envelope, HttpMethod, Query } from './http';

/**
 * One API call: how react-admin's params become the request, and how the envelope becomes
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
 * getOne, update and delete (the API has no batch calls). `custom` methods become named
 * methods of the data provider itself: dataProvider.signUp(params).
 */
export type ResourceEndpoints = Partial<Record<ResourceMethod, Endpoint>> & { custom?: Record<string, Endpoint> };

export type EndpointTable = Record<string, ResourceEndpoints>;

/**
 * The API's list parameters. react-admin's default sort field 'id' means "the server's order"
 * (the 'default' sort), since the lists allow only their own sort fields.
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

/**
 * PUT with the record's id in the body; an answer without data keeps the submitted record.
 * updatedAt is the record's as the form loaded it (previousData): the server answers 409 when
 * someone else saved it since (a stale save).
 */
export const update = (path: string): Endpoint<UpdateParams> => ({
  method: 'PUT',
  path,
  body: (params) => ({ ...params.data, id: params.id, updatedAt: params.previousData?.updatedAt ?? params.data?.updatedAt }),
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

/** The five calls of one record kind; `list` may be a GetByTotal (rows with their counts). */
export type CrudPaths = { list: string; getOne: string; create: string; update: string; remove: string };

export const crud = (paths: CrudPaths, filters?: Record<string, string>) => ({
  getList: list(paths.list, filters),
  getOne: one(paths.getOne),
  create: create(paths.create),
  update: update(paths.update),
  delete: remove(paths.remove),
});

/** The API's standard controller: /X/Create, /X/Update, /X/Delete?id, /X/GetById?id and a list call. */
export const controller = (name: string, listCall = 'GetAll', filters?: Record<string, string>) =>
  crud(
    {
      list: `/${name}/${listCall}`,
      getOne: `/${name}/GetById`,
      create: `/${name}/Create`,
      update: `/${name}/Update`,
      remove: `/${name}/Delete`,
    },
    filters,
  );

/** The member filters of the people lists (GetAllUsers): react-admin name -> query name. */
export const PEOPLE_FILTERS = {
  zoneId: 'ZoneId',
  centerId: 'CenterId',
  departmentId: 'DepartmentId',
  affinityGroup: 'AffinityGroup',
  gender: 'Gender',
  maritalStatus: 'MaritalStatus',
  employmentStatus: 'EmploymentStatus',
};

/** A command on one user: path?UserId={userId}. */
export const byUser = (method: HttpMethod, path: string): Endpoint<{ userId: string }> => ({
  method,
  path,
  query: (p) => ({ UserId: p.userId }),
});

/** A short list answered whole (no paging), each row keyed by `idField`. */
export const whole = (path: string, idField = 'id'): Endpoint<GetListParams> => ({
  method: 'GET',
  path,
  read: (envelope) => {
    const data = (envelope.data ?? []).map((row: Record<string, unknown>) => ({ ...row, id: row[idField] }));
    return { data, total: data.length };
  },
});

/**
 * A read about one role or user, as react-admin's getOne: the answer keyed by the id asked for;
 * `field` holds it when the answer is a bare list.
 */
export const keyed = (path: string, idParam: string, field?: string): Endpoint<GetOneParams> => ({
  method: 'GET',
  path,
  query: (params) => ({ [idParam]: params.id }),
  read: (envelope, params) => ({ data: { ...(field ? { [field]: envelope.data } : envelope.data), id: params.id } }),
});

/** The rows a member's record holds (GetByUserId?id), asked for with the filter { userId }. */
export const ofMember = (path: string, idField = 'id'): Endpoint<GetListParams> => ({
  ...whole(path, idField),
  query: (p) => ({ id: p.filter?.userId }),
});

/** A profile detail's calls: one record per member (spouse, employer) or a list with Delete (children, qualifications). */
export const memberDetail = (controller: string, kind: 'one' | 'many'): ResourceEndpoints => ({
  ...(kind === 'one'
    ? { getOne: one(`/${controller}/GetByUserId`) }
    : { getList: ofMember(`/${controller}/GetByUserId`), delete: remove(`/${controller}/Delete`) }),
  create: create(`/${controller}/Create`),
  update: update(`/${controller}/Update`),
});
