import { SelectInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { CustomFieldDefinition } from '@/domain/profile/customFields';
import type { FlockDataProvider } from '@/src/dataProvider';

const label = (source: string) => `resources.members.fields.${source}`;

/** The church's own fields the caller sees (the server lets only these filter: docs/decisions/0209). */
export function useSeenCustomFields() {
  const api = useDataProvider<FlockDataProvider>();
  return useQuery({
    queryKey: ['customFields', 'seen'],
    queryFn: async () => (await api.getCustomFields<CustomFieldDefinition[]>()).data,
  });
}

/** The value inputs of the chosen field: a choice or yes/no from a list, a number or date as a range, text as typed. */
function ValueInputs({ field }: { field: CustomFieldDefinition }) {
  const translate = useTranslate();
  if (field.type === 'choice' || field.type === 'yesno') {
    const choices =
      field.type === 'choice'
        ? field.choices.map((c) => ({ id: c, name: c }))
        : [
            { id: 'true', name: translate('flock.profile.custom_fields.yes') },
            { id: 'false', name: translate('flock.profile.custom_fields.no') },
          ];
    return <SelectInput source="customValue" label={label('customValue')} choices={choices} emptyText="flock.select_option" />;
  }
  if (field.type === 'number' || field.type === 'date') {
    const type = field.type === 'number' ? 'number' : 'date';
    return (
      <>
        <TextInput source="customFrom" label={label('customFrom')} type={type} slotProps={{ inputLabel: { shrink: true } }} />
        <TextInput source="customTo" label={label('customTo')} type={type} slotProps={{ inputLabel: { shrink: true } }} />
      </>
    );
  }
  return <TextInput source="customValue" label={label('customValue')} />;
}

/**
 * The member list's filter on one custom field: the field, then its value (one of its choices,
 * yes or no, the text) or a range (numbers and dates). Only fields the caller sees are offered.
 */
export function CustomFieldFilter({ source }: { source: string }) {
  const { data: fields = [] } = useSeenCustomFields();
  const chosen = useWatch({ name: source }) as string | undefined;
  const field = fields.find((f) => f.id === chosen);
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <SelectInput
        source={source}
        label={label(source)}
        choices={fields.map((f) => ({ id: f.id, name: f.name }))}
        emptyText="flock.select_option"
      />
      {field && <ValueInputs key={field.id} field={field} />}
    </Stack>
  );
}
