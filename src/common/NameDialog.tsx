import { useId, useState, type ReactNode } from 'react';
import { useTranslate, type HttpError } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { usePhone } from './RecordCards';

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
  const titleId = useId();
  const submit = async () => {
    try {
      await onSave(name);
    } catch (err) {
      setError((err as HttpError).message);
    }
  };
  return (
    <Dialog open onClose={onClose} fullScreen={usePhone()} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={label}
            value={name}
            required
            onChange={(e) => setName(e.target.value)}
            error={!!error}
            helperText={error ?? helperText}
          />
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
        <Button variant="contained" onClick={submit}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
