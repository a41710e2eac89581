import { useState, type ReactNode } from 'react';
import { useTranslate, type HttpError } from 'react-admin';
import { TextField } from '@mui/material';
import { FormDialog } from './FormDialog';

/**
 * A dialog that names something (a tag, a saved list), with whatever else it asks below the
 * name; the server's refusal shows under the name and the dialog stays open.
 */
export function NameDialog({
  title,
  label,
  initialName = '',
  helperText,
  onClose,
  onSave,
  children,
}: {
  title: string;
  label: string;
  initialName?: string;
  helperText?: string;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string>();
  const submit = async () => {
    try {
      await onSave(name);
    } catch (err) {
      setError((err as HttpError).message);
    }
  };
  return (
    <FormDialog title={title} submitLabel={translate('ra.action.save')} onClose={onClose} onSubmit={submit} maxWidth="xs">
      <TextField
        label={label}
        value={name}
        required
        onChange={(e) => setName(e.target.value)}
        error={!!error}
        helperText={error ?? helperText}
      />
      {children}
    </FormDialog>
  );
}
