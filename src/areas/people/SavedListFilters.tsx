import { BooleanInput, DateInput, NumberInput } from 'react-admin';

/**
 * The member list's filters that saved lists brought (docs/decisions/0214-saved-lists.md): not
 * seen at CIH for N weeks, no department, birthday this month, and the day the chosen stage began
 * (on or after; the server asks for the stage with it).
 */
export function savedListFilters(label: (source: string) => string) {
  return [
    <NumberInput key="notSeenWeeks" source="notSeenWeeks" label={label('notSeenWeeks')} min={1} max={104} step={1} />,
    <BooleanInput key="noDepartment" source="noDepartment" label={label('noDepartment')} />,
    <BooleanInput key="birthdayThisMonth" source="birthdayThisMonth" label={label('birthdayThisMonth')} />,
    <DateInput key="stageSince" source="stageSince" label={label('stageSince')} />,
  ];
}
