import { useState } from 'react';
import { useTranslate, type HttpError } from 'react-admin';
import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import {
  CUSTOM_FIELD_TYPES,
  CUSTOM_FIELD_VISIBILITIES,
  type CustomFieldDefinition,
  type CustomFieldType,
  type CustomFieldVisibility,
} from '@/domain/profile/customFields';
import { FormDialog } from '@/src/common/FormDialog';

export type FieldDraft = {
  name: string;
  type: CustomFieldType;
  choices: string[];
  required: boolean;
  visibility: CustomFieldVisibility;
};

type Props = {
  field: CustomFieldDefinition | null;
  onClose: () => void;
  /** Saves the draft; a refusal's message and per-field errors are shown in the dialog. */
  onSave: (draft: FieldDraft) => Promise<void>;
};

const t = (key: string) => `flock.custom_field_definitions.${key}`;

/** The choices as typed, one a line. */
const choicesOf = (text: string) =>
  text
    .split('\n')
    .map((c) => c.trim())
    .filter(Boolean);

/** Adds or edits one field's definition: name, type (and a choice field's choices), required, who sees it. */
export function CustomFieldDialog({ field, onClose, onSave }: Props) {
  const translate = useTranslate();
  const [name, setName] = useState(field?.name ?? '');
  const [type, setType] = useState<CustomFieldType>(field?.type ?? 'text');
  const [choices, setChoices] = useState((field?.choices ?? []).join('\n'));
  const [required, setRequired] = useState(field?.required ?? false);
  const [visibility, setVisibility] = useState<CustomFieldVisibility>(field?.visibility ?? 'everyone');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    try {
      await onSave({ name, type, choices: type === 'choice' ? choicesOf(choices) : [], required, visibility });
    } catch (err) {
      const { message, body } = err as HttpError;
      const given = (body as { errors?: Record<string, string> } | undefined)?.errors ?? {};
      setErrors(Object.keys(given).length ? given : { name: message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={translate(t(field ? 'edit_title' : 'add_title'))}
      submitLabel={translate('ra.action.save')}
      onClose={onClose}
      onSubmit={submit}
      loading={saving}
    >
      <TextField
        id="custom-field-name"
        label={translate(t('name'))}
        value={name}
        required
        onChange={(e) => setName(e.target.value)}
        error={!!errors.name}
        helperText={errors.name ?? translate(t('name_help'))}
      />
      <TextField
        id="custom-field-type"
        select
        label={translate(t('type'))}
        value={type}
        onChange={(e) => setType(e.target.value as CustomFieldType)}
        error={!!errors.type}
        helperText={errors.type ?? (field ? translate(t('type_help')) : ' ')}
      >
        {CUSTOM_FIELD_TYPES.map((value) => (
          <MenuItem key={value} value={value}>
            {translate(t(`types.${value}`))}
          </MenuItem>
        ))}
      </TextField>
      {type === 'choice' && (
        <TextField
          id="custom-field-choices"
          label={translate(t('choices'))}
          value={choices}
          multiline
          minRows={3}
          onChange={(e) => setChoices(e.target.value)}
          error={!!errors.choices}
          helperText={errors.choices ?? translate(t('choices_help'))}
        />
      )}
      <TextField
        id="custom-field-visibility"
        select
        label={translate(t('visibility'))}
        value={visibility}
        onChange={(e) => setVisibility(e.target.value as CustomFieldVisibility)}
        helperText={translate(t(`visibility_help.${visibility}`))}
      >
        {CUSTOM_FIELD_VISIBILITIES.map((value) => (
          <MenuItem key={value} value={value}>
            {translate(t(`visibilities.${value}`))}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox checked={required} onChange={(e) => setRequired(e.target.checked)} />}
        label={translate(t('required'))}
      />
    </FormDialog>
  );
}
