import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { usePhone } from './RecordCards';

type FormDialogProps = {
  title: string;
  /** The submit button's words (translated). */
  submitLabel: string;
  onClose: () => void;
  onSubmit: () => void;
  /** False keeps the submit button off and Enter from submitting (a required field is empty). */
  ready?: boolean;
  loading?: boolean;
  /** The server's refusal, shown above the fields; the dialog stays open. */
  error?: string;
  submitColor?: 'primary' | 'error';
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
};

/**
 * A dialog around a form of its own fields: full screen on a phone, the fields in a real form (Enter
 * submits, as the keyboard expects), Cancel and the submit button at least 44 px tall for a thumb.
 */
export function FormDialog(props: FormDialogProps) {
  const { title, submitLabel, onClose, onSubmit, ready = true, loading = false, error, submitColor, maxWidth = 'sm', children } = props;
  const translate = useTranslate();
  const id = useId();
  return (
    <Dialog open onClose={onClose} fullScreen={usePhone()} fullWidth maxWidth={maxWidth} aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={`${id}-form`}
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            if (ready && !loading) onSubmit();
          }}
        >
          {error && <Alert severity="error">{error}</Alert>}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {translate('flock.crud.cancel')}
        </Button>
        <Button
          type="submit"
          form={`${id}-form`}
          variant="contained"
          color={submitColor}
          loading={loading}
          disabled={!ready}
          sx={{ minHeight: 44 }}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
