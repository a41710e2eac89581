import { useId } from 'react';
import { Form, TextInput, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { z } from 'zod';
import { delistReasonField } from '@/domain/departments/schemas';
import { schemaResolver } from '@/src/common/schemaResolver';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import type { FieldValues } from 'react-hook-form';

const resolver = schemaResolver(z.object({ reason: delistReasonField }));

type Props = {
  member: { id: string; fullName: string };
  departmentName: string;
  onClose: () => void;
};

/** Delists a member from the department with the reason the server requires (PUT DelistMemberFromDepartment). */
export function DelistDialog({ member, departmentName, onClose }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const { loading, error, run } = useRemoteOperation();
  const titleId = useId();

  const submit = async (values: FieldValues) => {
    const outcome = await run(() => dataProvider.delistMember({ userId: member.id, departmentName, reason: values.reason }));
    if (!outcome.ok) return;
    notify('flock.departments.delisted', { type: 'success' });
    refresh();
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Form onSubmit={submit} resolver={resolver} noValidate>
        <DialogTitle id={titleId}>
          {translate('flock.departments.delist_title', { name: member.fullName, department: departmentName })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate('flock.departments.delist_intro')}</DialogContentText>
          <TextInput source="reason" label="flock.departments.reason" multiline minRows={3} isRequired autoFocus />
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
          <Button type="submit" color="error" variant="contained" loading={loading}>
            {translate('flock.departments.delist')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
