import type { ReactElement } from 'react';
import { SelectInput, useGetList, type SelectInputProps } from 'react-admin';
import { EMPLOYMENT_STATUSES, GENDERS, MARITAL_STATUSES } from '@/domain/common/enums';
import { EVERY_ROW } from '@/src/common/roles/useRoles';
import { enumChoices, type EnumField } from './enumLabels';

type RemoteProps = Omit<SelectInputProps, 'choices'> & { source: string; reference: string; optionText: string };

/** A select whose choices are a whole list of the API (zones, departments). */
export function RemoteSelectInput({ reference, optionText, ...rest }: RemoteProps) {
  const { data = [], isPending } = useGetList(reference, EVERY_ROW);
  return <SelectInput choices={data} optionText={optionText} isPending={isPending} emptyText="flock.people.any" {...rest} />;
}

/** Filters beside the search box, or behind react-admin's "Add filter" button. */
type Shown = { alwaysOn?: boolean };

/** A list filter on fixed values, each shown as `label` gives it (as it is by default). */
export function selectFilter(
  source: string,
  values: readonly string[],
  label: (value: string) => string = (value) => value,
  { alwaysOn = true }: Shown = {},
) {
  const choices = values.map((value) => ({ id: value, name: label(value) }));
  return (
    <SelectInput key={source} source={source} choices={choices} translateChoice={false} emptyText="flock.people.any" alwaysOn={alwaysOn} />
  );
}

/** A filter on one of the product's enumerations, offered in words, behind the Add filter button. */
const enumFilter = (field: EnumField, values: readonly string[]) => (
  <SelectInput key={field} source={field} choices={enumChoices(field, values)} emptyText="flock.people.any" alwaysOn={false} />
);

/** Where people belong: their CIH zone and their department. */
export const placeFilters = ({ alwaysOn = true }: Shown = {}): ReactElement[] => [
  <RemoteSelectInput key="zoneId" source="zoneId" reference="zoneChoices" optionText="zoneName" alwaysOn={alwaysOn} />,
  <RemoteSelectInput
    key="departmentId"
    source="departmentId"
    reference="departmentChoices"
    optionText="departmentName"
    alwaysOn={alwaysOn}
  />,
];

/** The rest of the member list's filters: center, affinity group (by name, as profiles keep it), gender, marital status, employment. */
export const memberFilters = (): ReactElement[] => [
  ...placeFilters({ alwaysOn: false }),
  <RemoteSelectInput key="centerId" source="centerId" reference="centerChoices" optionText="centerName" />,
  <RemoteSelectInput
    key="affinityGroup"
    source="affinityGroup"
    reference="affinityGroups"
    optionText="affinityGroupName"
    optionValue="affinityGroupName"
  />,
  enumFilter('gender', GENDERS),
  enumFilter('maritalStatus', MARITAL_STATUSES),
  enumFilter('employmentStatus', EMPLOYMENT_STATUSES),
];
