import { useId } from 'react';
import { CreateBase, EditBase, useNotify, useRefresh } from 'react-admin';
import { Dialog } from '@mui/material';
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

/** The toasts of SPEC.md section 4, then the lists refresh with the counts they show. */
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
  const created = useSavedEffect('flock.crud.created', onClose);
  const updated = useSavedEffect('flock.crud.updated', onClose);
  if (!state) return null;
  const editing = state.mode === 'edit';
  const form = <CrudForm definition={definition} fixed={fixed} variant="dialog" titleId={titleId} editing={editing} onCancel={onClose} />;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {editing ? (
        <EditBase
          resource={definition.resource}
          id={state.id}
          mutationMode="pessimistic"
          redirect={false}
          mutationOptions={{ onSuccess: updated }}
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
