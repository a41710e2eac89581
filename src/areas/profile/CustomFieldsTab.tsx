import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate, type HttpError } from 'react-admin';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { CustomFieldValue, PersonCustomField } from '@/domain/profile/customFields';
import type { FlockDataProvider } from '@/src/dataProvider';
import { CustomFieldInput } from './CustomFieldInput';

type Props = { userId: string; fields: PersonCustomField[]; onSaved: () => void };

/**
 * The profile's More tab: the church's own fields the reader sees (docs/decisions/0209), each as
 * an input of its type; those the reader may not change are shown disabled. Save sends the
 * changeable ones; the server checks each by its type and answers a message naming the field.
 */
export function CustomFieldsTab({ userId, fields, onSaved }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const [values, setValues] = useState<Record<string, CustomFieldValue>>(() => Object.fromEntries(fields.map((f) => [f.id, f.value])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const editable = fields.filter((f) => f.editable);

  const save = async () => {
    setSaving(true);
    try {
      await api.saveCustomFieldValues({ userId, values: Object.fromEntries(editable.map((f) => [f.id, values[f.id]])) });
      setErrors({});
      notify('flock.profile.custom_fields.saved', { type: 'success' });
      onSaved();
    } catch (err) {
      const { message, body } = err as HttpError;
      setErrors((body as { errors?: Record<string, string> } | undefined)?.errors ?? {});
      notify(message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" onSubmit={(event) => (event.preventDefault(), save())} noValidate>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('flock.profile.custom_fields.intro')}
      </Typography>
      <Stack spacing={1}>
        {fields.map((field) => (
          <CustomFieldInput
            key={field.id}
            field={field}
            value={values[field.id] ?? null}
            error={errors[field.name]}
            onChange={(value) => setValues((current) => ({ ...current, [field.id]: value }))}
          />
        ))}
      </Stack>
      {editable.length > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('ra.action.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
