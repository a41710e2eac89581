/* eslint-disable @typescript-eslint/no-explicit-any -- react-admin types the params and results of a data provider as any; this table passes them through */
import type { CreateParams, DeleteParams, GetListParams, GetManyReferenceParams, GetOneParams, UpdateParams } from 'react-admin';
import type { AnyCall } from '@/domain/common/calls';
import type { Envelope, Query } from './http';

/**
 * Several calls answering one custom method, the params picking one: a member request is
 * decided by the call of its kind. `among` lists them all, so the calls the web makes can be
 * listed without calling.
 */
export type CallChoice<P = any> = { among: readonly AnyCall[]; pick: (params: P) => AnyCall };

/**
 * One API call as react-admin asks for it: the call (its method and path, declared once in
 * domain/<area>/calls.ts), how react-admin's params become the path parameters, query and body,
 * and how the envelope becomes react-admin's result. `read` defaults to { data, message } of the envelope.
 */
export type Endpoint<P = any> = {
  call: AnyCall | CallChoice<P>;
  /** The values of the path's `:name` segments, when it has any. */
  params?: (params: P) => Record<string, string | number>;
  query?: (params: P) => Query;
  body?: (params: P) => unknown;
  read?: (envelope: Envelope<any>, params: P) => any;
  okStatus?: readonly number[];
};

const isChoice = <P>(call: AnyCall | CallChoice<P>): call is CallChoice<P> => 'pick' in call;

/** Every call an endpoint may make. */
export const callsOf = (endpoint: Endpoint): readonly AnyCall[] => (isChoice(endpoint.call) ? endpoint.call.among : [endpoint.call]);

/** The call an endpoint makes for these params. */
export const callFor = <P>(endpoint: Endpoint<P>, params: P): AnyCall =>
  isChoice(endpoint.call) ? endpoint.call.pick(params) : endpoint.call;

/** A choice among calls keyed by what the params name: choice(DECIDING, (p) => p.kind). */
export function choice<K extends string, P>(calls: Readonly<Record<K, AnyCall>>, key: (params: P) => K): CallChoice<P> {
  return { among: [...new Set(Object.values<AnyCall>(calls))], pick: (params) => calls[key(params)] };
}

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

/** A list call with paging, sort, search and filters. */
export const list = (call: AnyCall, filters?: Record<string, string>): Endpoint<GetListParams> => ({
  call,
  query: (params) => listQuery(params, filters),
  read: listResult,
});

/** A list call filtered by the referencing record (target names the query parameter). */
export const listByReference = (call: AnyCall, filters?: Record<string, string>): Endpoint<GetManyReferenceParams> => ({
  call,
  query: (params) => ({ ...listQuery(params, filters), [filters?.[params.target] ?? params.target]: params.id }),
  read: listResult,
});

/** One record: path?{idParam}={id}. */
export const one = (call: AnyCall, idParam = 'id'): Endpoint<GetOneParams> => ({
  call,
  query: (params) => ({ [idParam]: params.id }),
  read: (envelope) => ({ data: envelope.data }),
});

export const create = (call: AnyCall): Endpoint<CreateParams> => ({
  call,
  body: (params) => params.data,
  read: (envelope) => ({ data: envelope.data }),
});

/**
 * The record with its id in the body; an answer without data keeps the submitted record.
 * updatedAt is the record's as the form loaded it (previousData): the server answers 409 when
 * someone else saved it since (a stale save).
 */
export const update = (call: AnyCall): Endpoint<UpdateParams> => ({
  call,
  body: (params) => ({ ...params.data, id: params.id, updatedAt: params.previousData?.updatedAt ?? params.data?.updatedAt }),
  read: (envelope, params) => ({ data: envelope.data ?? { ...params.data, id: params.id } }),
});

export const remove = (call: AnyCall, idParam = 'id'): Endpoint<DeleteParams> => ({
  call,
  query: (params) => ({ [idParam]: params.id }),
  read: (envelope, params) => ({ data: envelope.data ?? params.previousData ?? { id: params.id } }),
});

/** A named call whose params are the JSON body. */
export const post = (call: AnyCall): Endpoint<object | undefined> => ({ call, body: (params) => params ?? {} });
/** A named call whose params are the query. */
export const get = (call: AnyCall): Endpoint<Query | undefined> => ({ call, query: (params) => params ?? {} });

/** The five calls of one record kind; `list` may be a GetByTotal (rows with their counts). */
export type CrudCalls = { list: AnyCall; getOne: AnyCall; create: AnyCall; update: AnyCall; remove: AnyCall };

export const crud = (calls: CrudCalls, filters?: Record<string, string>) => ({
  getList: list(calls.list, filters),
  getOne: one(calls.getOne),
  create: create(calls.create),
  update: update(calls.update),
  delete: remove(calls.remove),
});

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
export const byUser = (call: AnyCall): Endpoint<{ userId: string }> => ({ call, query: (p) => ({ UserId: p.userId }) });

/** A short list answered whole (no paging), each row keyed by `idField`. */
export const whole = (call: AnyCall, idField = 'id'): Endpoint<GetListParams> => ({
  call,
  read: (envelope) => {
    const data = (envelope.data ?? []).map((row: Record<string, unknown>) => ({ ...row, id: row[idField] }));
    return { data, total: data.length };
  },
});

/**
 * A read about one role or user, as react-admin's getOne: the answer keyed by the id asked for;
 * `field` holds it when the answer is a bare list.
 */
export const keyed = (call: AnyCall, idParam: string, field?: string): Endpoint<GetOneParams> => ({
  call,
  query: (params) => ({ [idParam]: params.id }),
  read: (envelope, params) => ({ data: { ...(field ? { [field]: envelope.data } : envelope.data), id: params.id } }),
});

/** The rows a member's record holds (GetByUserId?id), asked for with the filter { userId }. */
export const ofMember = (call: AnyCall, idField = 'id'): Endpoint<GetListParams> => ({
  ...whole(call, idField),
  query: (p) => ({ id: p.filter?.userId }),
});

/** A profile detail's calls: one record per member (spouse, employer), or a list with delete (children, qualifications). */
export type MemberDetailCalls = { getByUserId: AnyCall; create: AnyCall; update: AnyCall; delete?: AnyCall };

/** A profile detail's endpoints: a list when the detail has a delete call, else the member's one record. */
export const memberDetail = (calls: MemberDetailCalls): ResourceEndpoints => ({
  ...(calls.delete ? { getList: ofMember(calls.getByUserId), delete: remove(calls.delete) } : { getOne: one(calls.getByUserId) }),
  create: create(calls.create),
  update: update(calls.update),
});
