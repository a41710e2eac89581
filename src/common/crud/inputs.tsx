import type { ReactElement } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  TimeInput,
  useRecordContext,
} from 'react-admin';
import type { z } from 'zod';
import { MemberInput, MembersInput } from './MemberInput';
import type { ApiRecord, FieldDef } from './types';

/** Text areas default to 3 rows. */
const TEXT_AREA_ROWS = 3;
/** Reference dropdowns offer this many records; typing narrows them on the server. */
const REFERENCE_PAGE = 50;

type InputProps = { isRequired?: boolean; alwaysOn?: boolean; key?: string };

/** Required when the schema refuses the field left empty (its label then carries the mark). */
export function isRequiredIn(schema: z.ZodObject, source: string): boolean {
  const field = schema.shape[source] as z.ZodType | undefined;
  return !!field && !field.safeParse(undefined).success;
}

/** The API keeps times as HH:MM:SS; the form and the API's input take HH:MM. */
const hhmm = (value: unknown) => (typeof value === 'string' ? value.slice(0, 5) : value);
const joined = (value: unknown) => (Array.isArray(value) ? value.join(', ') : (value ?? ''));
const split = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** A member input whose offered members depend on the record being edited. */
function RecordMemberInput({ field, ...props }: { field: Extract<FieldDef, { kind: 'member' }> } & InputProps) {
  const record = useRecordContext<ApiRecord>();
  return <MemberInput source={field.source} nameSource={field.nameSource} memberFilter={field.memberFilter?.(record)} {...props} />;
}

/**
 * The react-admin input of one field of the definition table. Labels come from
 * resources.<resource>.fields.<source>; the form's schema resolver shows the messages.
 */
export function inputOf(field: FieldDef, { key = field.source, ...props }: InputProps = {}): ReactElement {
  const { source } = field;
  switch (field.kind) {
    case 'text':
      return <TextInput key={key} source={source} {...props} />;
    case 'multiline':
      return <TextInput key={key} source={source} multiline minRows={TEXT_AREA_ROWS} {...props} />;
    case 'number':
      return <NumberInput key={key} source={source} {...props} />;
    case 'boolean':
      return <BooleanInput key={key} source={source} {...props} />;
    case 'select':
      return (
        <SelectInput
          key={key}
          source={source}
          choices={field.choices.map((c) => ({ id: c, name: field.labels ? `${field.labels}.${c}` : c }))}
          emptyText="flock.select_option"
          {...props}
        />
      );
    case 'reference':
      return (
        <ReferenceInput key={key} source={source} reference={field.reference} perPage={REFERENCE_PAGE} alwaysOn={props.alwaysOn}>
          <AutocompleteInput optionText={field.optionText} isRequired={props.isRequired} />
        </ReferenceInput>
      );
    case 'member':
      return <RecordMemberInput key={key} field={field} {...props} />;
    case 'date':
      return <DateInput key={key} source={source} {...props} />;
    case 'time':
      return <TimeInput key={key} source={source} format={hhmm} parse={hhmm} {...props} />;
    case 'members':
      return <MembersInput key={key} source={source} namesSource={field.namesSource} {...props} />;
    case 'tags':
      return <TextInput key={key} source={source} format={joined} parse={split} helperText="flock.crud.comma_separated" {...props} />;
  }
}
