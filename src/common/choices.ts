import { useMemo } from 'react';
import { useGetList, type RaRecord } from 'react-admin';
import { EVERY_ROW } from '@/src/common/roles/useRoles';
import type { Choice } from './VirtualAutocomplete';

/** The record lists behind the profile's dropdowns: the resource and the field that names a row. */
export const LISTS = {
  zones: { resource: 'zoneChoices', name: 'zoneName' },
  centers: { resource: 'centerChoices', name: 'centerName' },
  departments: { resource: 'departmentChoices', name: 'departmentName' },
  affinityGroups: { resource: 'affinityGroups', name: 'affinityGroupName' },
  mountainsOfInfluence: { resource: 'mountainsOfInfluence', name: 'name' },
  ministries: { resource: 'ministries', name: 'name' },
  units: { resource: 'units', name: 'name' },
} as const;
export type ListName = keyof typeof LISTS;

type Options = {
  /** The form keeps the row's name (requests, names the affiliation keeps) instead of its id. */
  byName?: boolean;
  filter?: Record<string, unknown>;
  enabled?: boolean;
};

/**
 * A dropdown's choices, asked for as page 1 with page size 25000 (every row).
 * Returns the rows too, to find a chosen name's id.
 */
export function useChoices(list: ListName, { byName = false, filter, enabled = true }: Options = {}) {
  const { resource, name } = LISTS[list];
  const { data, isPending } = useGetList<RaRecord>(resource, { ...EVERY_ROW, filter }, { enabled });
  const choices = useMemo<Choice[]>(
    () => (data ?? []).map((row) => ({ id: String(byName ? row[name] : row.id), name: String(row[name]) })),
    [data, name, byName],
  );
  return { choices, rows: data ?? [], isPending: enabled && isPending };
}
