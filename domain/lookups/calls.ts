import type { ZodType } from 'zod';
import { defineCall, type Call } from '@/domain/common/calls.js';
import { LOOKUP_SCHEMAS } from './kindSchemas.js';
import { LOOKUP_KINDS, LOOKUP_NAMES, type LookupName } from './kinds.js';

/**
 * The lookup lists' calls, each kind's five from its controller in the table (./kinds.ts):
 * Create and Update with the kind's form, Delete?id, GetAll (the list) and GetById?id.
 */

type Kinds = typeof LOOKUP_KINDS;
type Schemas<N extends LookupName> = (typeof LOOKUP_SCHEMAS)[N];

/** One kind's calls; `C` is its controller. */
type KindCalls<C extends string, Create extends ZodType, Update extends ZodType> = {
  create: Call<'POST', `/${C}/Create`, undefined, Create>;
  update: Call<'PUT', `/${C}/Update`, undefined, Update>;
  delete: Call<'DELETE', `/${C}/Delete`, undefined, undefined>;
  getAll: Call<'GET', `/${C}/GetAll`, undefined, undefined>;
  getById: Call<'GET', `/${C}/GetById`, undefined, undefined>;
};
type CallsOf<N extends LookupName> = KindCalls<Kinds[N]['controller'], Schemas<N>['create'], Schemas<N>['update']>;
type Operation = keyof KindCalls<string, ZodType, ZodType>;

function callsOf<N extends LookupName>(name: N): CallsOf<N> {
  const { controller } = LOOKUP_KINDS[name];
  const schemas = LOOKUP_SCHEMAS[name];
  const calls = {
    create: defineCall({ method: 'POST', path: `/${controller}/Create`, body: schemas.create }),
    update: defineCall({ method: 'PUT', path: `/${controller}/Update`, body: schemas.update }),
    delete: defineCall({ method: 'DELETE', path: `/${controller}/Delete` }),
    getAll: defineCall({ method: 'GET', path: `/${controller}/GetAll` }),
    getById: defineCall({ method: 'GET', path: `/${controller}/GetById` }),
  };
  return calls as CallsOf<N>;
}

/** Each kind's calls by operation: LOOKUP_CALLS.ministries.create is POST /Ministry/Create. */
export const LOOKUP_CALLS = Object.fromEntries(LOOKUP_NAMES.map((name) => [name, callsOf(name)])) as {
  [N in LookupName]: CallsOf<N>;
};

type KindOperation = { [N in LookupName]: { [O in Operation]: [N, O] }[Operation] }[LookupName];

/** The area's calls by name, as every area lists them: the entity and the operation (ministryCreate, moiGetAll). */
export const lookupsCalls = Object.fromEntries(
  LOOKUP_NAMES.flatMap((name) =>
    Object.entries(LOOKUP_CALLS[name]).map(([operation, call]) => [
      `${LOOKUP_KINDS[name].entity}${operation[0].toUpperCase()}${operation.slice(1)}`,
      call,
    ]),
  ),
) as { [K in KindOperation as `${Kinds[K[0]]['entity']}${Capitalize<K[1]>}`]: CallsOf<K[0]>[K[1]] };
