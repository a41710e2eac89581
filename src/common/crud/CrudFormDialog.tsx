import { useId, useState } from 'react';
import { CreateBase, EditBase, useNotify, useRefresh } from 'react-admin';
import { Box, Dialog } from '@mui/material';
import { isStale, StaleRecordAlert } from '@/src/common/StaleRecordNotice';
import { CrudForm } from './CrudForm';
import type { CrudDefinition } from './types';

/** Which form the dialog shows: a new record, or the record of that id. */
export type DialogState = { mode: 'create' } | { mode: 'edit'; id: string } | null;

type Props = {
  definition: CrudDefinition;
  fixed?: Record<string, unknown>;
  state: DialogState;
  onClose: () => void;
};

/** The toasts ('Successfully Created', 'Details updated'), then the lists refresh with the counts they show. */
export function useSavedEffect(message: string, then: (saved: { id: string }) => void) {
  const notify = useNotify();
  const refresh = useRefresh();
  return (saved: { id: string }) => {
    notify(message, { type: 'success' });
    refresh();
    then(saved);
  };
}

/** Create or edit one record in a dialog over its list. An update sends every field of the form (the API replaces the record). */
export function CrudFormDialog({ definition, fixed, state, onClose }: Props) {
  const titleId = useId();
  // A stale save is said inside the dialog: a toast behind a modal dialog is out of keyboard reach.
  const [stale, setStale] = useState(false);
  const close = () => {
    setStale(false);
    onClose();
  };
  const created = useSavedEffect('flock.crud.created', close);
  const updated = useSavedEffect('flock.crud.updated', close);
  const notify = useNotify();
  const refresh = useRefresh();
  const updateFailed = (error: unknown) => {
    if (isStale(error)) setStale(true);
    else notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
  };
  if (!state) return null;
  const editing = state.mode === 'edit';
  const form = <CrudForm definition={definition} fixed={fixed} variant="dialog" titleId={titleId} editing={editing} onCancel={close} />;
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {stale && (
        <Box sx={{ p: 2, pb: 0 }}>
          <StaleRecordAlert
            onReload={() => {
              setStale(false);
              refresh();
            }}
            onKeep={() => setStale(false)}
          />
        </Box>
      )}
      {editing ? (
        <EditBase
          resource={definition.resource}
          id={state.id}
          mutationMode="pessimistic"
          redirect={false}
          mutationOptions={{ onSuccess: updated, onError: updateFailed }}
        >
          {form}
        </EditBase>
      ) : (
        <CreateBase resource={definition.resource} redirect={false} mutationOptions={{ onSuccess: created }}>
          {form}
        </CreateBase>
      )}
    </Dialog>
  );
}
