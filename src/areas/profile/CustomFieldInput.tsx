import { useTranslate } from 'react-admin';
import { MenuItem, TextField } from '@mui/material';
import type { CustomFieldValue, PersonCustomField } from '@/domain/profile/customFields';

type Props = {
  field: PersonCustomField;
  value: CustomFieldValue;
  error?: string;
  onChange: (value: CustomFieldValue) => void;
};

/** The text an input holds for a value: '' for none; yes/no as 'true' and 'false'. */
const asText = (value: CustomFieldValue) => (value === null || value === undefined ? '' : String(value));

/** What an input's text means for its field's type: '' is no value (the server checks the rest). */
function fromText(field: PersonCustomField, text: string): CustomFieldValue {
  if (text === '') return null;
  if (field.type === 'yesno') return text === 'true';
  return text;
}

/**
 * One of the church's own fields as an input of its type (docs/decisions/0209): text, a number,
 * a date, one of its choices, or yes/no (a select, so that 'not set' stays distinct from 'no').
 */
export function CustomFieldInput({ field, value, error, onChange }: Props) {
  const translate = useTranslate();
  const id = `custom-field-${field.id}`;
  const common = {
    id,
    label: field.name,
    value: asText(value),
    required: field.required,
    disabled: !field.editable,
    error: !!error,
    helperText: error ?? (field.editable ? ' ' : translate('flock.profile.custom_fields.read_only')),
    fullWidth: true,
    onChange: (event: { target: { value: string } }) => onChange(fromText(field, event.target.value)),
  };
  if (field.type === 'choice' || field.type === 'yesno') {
    const options =
      field.type === 'choice'
        ? field.choices.map((choice) => ({ value: choice, label: choice }))
        : [
            { value: 'true', label: translate('flock.profile.custom_fields.yes') },
            { value: 'false', label: translate('flock.profile.custom_fields.no') },
          ];
    return (
      <TextField select {...common}>
        <MenuItem value="">{translate('flock.profile.custom_fields.not_set')}</MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  const type = field.type === 'number' ? 'number' : field.type === 'date' ? 'date' : 'text';
  return <TextField {...common} type={type} slotProps={{ inputLabel: { shrink: type === 'date' || undefined } }} />;
}
