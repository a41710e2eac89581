import { SelectInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
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
function ValueInputs({ field, source }: { field: CustomFieldDefinition; source: string }) {
  const translate = useTranslate();
  if (field.type === 'choice' || field.type === 'yesno') {
    const choices =
      field.type === 'choice'
        ? field.choices.map((c) => ({ id: c, name: c }))
        : [
            { id: 'true', name: translate('flock.profile.custom_fields.yes') },
            { id: 'false', name: translate('flock.profile.custom_fields.no') },
          ];
    return <SelectInput source={`${source}.value`} label={label('customValue')} choices={choices} emptyText="flock.select_option" />;
  }
  if (field.type === 'number' || field.type === 'date') {
    const type = field.type === 'number' ? 'number' : 'date';
    return (
      <>
        <TextInput source={`${source}.from`} label={label('customFrom')} type={type} slotProps={{ inputLabel: { shrink: true } }} />
        <TextInput source={`${source}.to`} label={label('customTo')} type={type} slotProps={{ inputLabel: { shrink: true } }} />
      </>
    );
  }
  return <TextInput source={`${source}.value`} label={label('customValue')} />;
}

/**
 * The member list's filter on one custom field: the field, then its value (one of its choices,
 * yes or no, the text) or a range (numbers and dates). Only fields the caller sees are offered.
 * Its value is one object ({ id, value, from, to }), so removing the filter removes all of it.
 */
export function CustomFieldFilter({ source }: { source: string }) {
  const { data: fields = [] } = useSeenCustomFields();
  const chosen = useWatch({ name: `${source}.id` }) as string | undefined;
  const field = fields.find((f) => f.id === chosen);
  const { setValue } = useFormContext();
  const previous = useRef(chosen);
  // Another field chosen: the last one's value would not fit it.
  useEffect(() => {
    if (previous.current && previous.current !== chosen) for (const key of ['value', 'from', 'to']) setValue(`${source}.${key}`, undefined);
    previous.current = chosen;
  }, [chosen, setValue, source]);
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <SelectInput
        source={`${source}.id`}
        label={label(source)}
        choices={fields.map((f) => ({ id: f.id, name: f.name }))}
        emptyText="flock.select_option"
      />
      {field && <ValueInputs key={field.id} field={field} source={source} />}
    </Stack>
  );
}
