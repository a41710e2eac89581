import { LOOKUP_CALLS } from '@/domain/lookups/calls';
import { LOOKUP_NAMES, lookupKind, type LookupName } from '@/domain/lookups/kinds';
import { crud } from '@/src/dataProvider/endpoints';

/** Its calls: the kind's five, the list's filters sent under the API's query names. */
function endpointsOf(name: LookupName) {
  const calls = LOOKUP_CALLS[name];
  const queryNames = Object.entries(lookupKind(name).filters ?? {}).flatMap(([filter, { query }]) =>
    query ? [[filter, query] as const] : [],
  );
  return crud(
    {
      list: calls.getAll,
      getOne: calls.getById,
      create: calls.create,
      update: calls.update,
      remove: calls.delete,
    },
    Object.fromEntries(queryNames),
  );
}

/** The area's rows of the endpoint table (src/endpoints.ts): each list's calls under its kind's name. */
export const lookupsEndpoints = Object.fromEntries(LOOKUP_NAMES.map((name) => [name, endpointsOf(name)])) as Record<
  LookupName,
  ReturnType<typeof endpointsOf>
>;
