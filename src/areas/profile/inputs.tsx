import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { SelectInput, TextInput, useInput, useTranslate, type SelectInputProps, type TextInputProps } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { Box } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { GENDERS, TITLES } from '@/domain/common/enums';
import { ENUM_LABELS } from '@/src/common/enumLabels';
import { genderOfTitle } from '@/domain/profile/rules';
import { FormLock, fieldLabel } from '@/src/common/formLock';

export { fieldLabel, LockedForm } from '@/src/common/formLock';

/**
 * The profile's inputs: labelled from flock.profile.fields, disabled when the viewer may not
 * change the form (FormLock), selects with the spec's 'Select Option' placeholder and a date
 * picker that stops at today.
 */

const useLocked = (disabled?: boolean) => useContext(FormLock) || !!disabled;

/** Text areas default to 3 rows. */
const TEXT_AREA_ROWS = 3;

export function ProfileTextInput({ source, disabled, multiline, ...rest }: TextInputProps) {
  return (
    <TextInput
      source={source}
      label={fieldLabel(source)}
      disabled={useLocked(disabled)}
      multiline={multiline}
      minRows={multiline ? TEXT_AREA_ROWS : undefined}
      {...rest}
    />
  );
}

type ChoiceInputProps = Omit<SelectInputProps, 'choices'> & {
  source: string;
  /** The stored values; `names` translates them when the shown text differs, `labels` is their keys' prefix. */
  values: readonly string[];
  names?: Record<string, string>;
  labels?: string;
};

/** A select of fixed values with the placeholder 'Select Option'. */
export function ChoiceInput({ source, values, names, labels, disabled, ...rest }: ChoiceInputProps) {
  const choices = values.map((value) => ({ id: value, name: labels ? `${labels}.${value}` : (names?.[value] ?? value) }));
  return (
    <SelectInput
      source={source}
      label={fieldLabel(source)}
      choices={choices}
      emptyText="flock.select_option"
      disabled={useLocked(disabled)}
      {...rest}
    />
  );
}

/** 'YYYY-MM-DD' of a local date, as the API keeps dates. */
function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function dateOf(value: unknown): Date | null {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!match) return null;
  const date = new Date(0, 0, 1);
  // setFullYear, as the Date constructor reads years below 100 as 19xx.
  date.setFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date;
}

/** Kept in the form when the typed date is incomplete, so the schema names the field's problem. */
const NOT_A_DATE = 'not-a-date';

/** A date up to today, kept as 'YYYY-MM-DD'. */
export function PastDateInput({ source, disabled }: { source: string; disabled?: boolean }) {
  const translate = useTranslate();
  const locked = useLocked(disabled);
  const { field, fieldState, formState } = useInput({ source });
  // The picker keeps the date being typed; the form follows it, and the picker follows the form only when it changes otherwise (a reset).
  const [picked, setPicked] = useState<Date | null>(() => dateOf(field.value));
  const sent = useRef<unknown>(field.value);
  useEffect(() => {
    if (field.value !== sent.current) setPicked(dateOf(field.value));
  }, [field.value]);
  const shown = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  const change = (date: Date | null) => {
    setPicked(date);
    sent.current = date ? (Number.isNaN(date.getTime()) ? NOT_A_DATE : isoDate(date)) : null;
    field.onChange(sent.current);
  };
  return (
    <DatePicker
      label={translate(fieldLabel(source))}
      value={picked}
      disableFuture
      disabled={locked}
      onChange={change}
      slotProps={{
        textField: {
          name: field.name,
          onBlur: field.onBlur,
          error: shown,
          helperText: shown ? translate(fieldState.error?.message ?? '', { _: fieldState.error?.message }) : ' ',
          // The look of react-admin's own inputs beside it.
          variant: 'filled',
          size: 'small',
          margin: 'dense',
          fullWidth: true,
        },
      }}
    />
  );
}

/** Choosing a title sets the gender that goes with it. */
export function TitleInput() {
  const { setValue } = useFormContext();
  return (
    <ChoiceInput
      source="title"
      values={TITLES}
      labels={ENUM_LABELS.title}
      onChange={(event) => {
        const gender = genderOfTitle(event?.target?.value);
        if (gender) setValue('gender', gender, { shouldDirty: true, shouldValidate: true });
      }}
    />
  );
}

export const GenderInput = () => <ChoiceInput source="gender" values={GENDERS} labels={ENUM_LABELS.gender} />;

/** The form's fields in columns; a Wide child spans the row. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    // Columns follow the room the form has (a tab or a dialog), not the window.
    <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>{children}</Box>
  );
}

export const Wide = ({ children }: { children: ReactNode }) => <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;
