import type { ReactElement } from 'react';
import { SaveButton, useTranslate } from 'react-admin';
import { Button, DialogActions } from '@mui/material';

/** A form dialog's buttons: Cancel, and the form's submit under its own label (Save by default). */
export function FormDialogActions({ onClose, label, icon }: { onClose: () => void; label?: string; icon?: ReactElement }) {
  const translate = useTranslate();
  return (
    <DialogActions>
      <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
      <SaveButton label={label} icon={icon} alwaysEnable />
    </DialogActions>
  );
}
