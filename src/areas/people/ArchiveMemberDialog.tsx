import { useId } from 'react';
import { Form, required, useDataProvider, useTranslate } from 'react-admin';
import { Alert, Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import { FormDialogActions } from '@/src/common/FormDialogActions';
import { useCallAndClose } from '@/src/common/useCallAndClose';
import type { FlockDataProvider } from '@/src/dataProvider';
import { MemberInput } from '@/src/common/crud';
import type { FieldValues } from 'react-hook-form';

/** Archives a member picked by name (ArchiveMember): they leave the member lists and counts, and are never deleted. */
export function ArchiveMemberDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const { error, submit } = useCallAndClose(onClose);
  const titleId = useId();

  const archive = (values: FieldValues) => submit(() => dataProvider.archiveMember({ userId: values.userId }));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Form onSubmit={archive} noValidate>
        <DialogTitle id={titleId}>{translate('flock.people.archived.archive_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('flock.people.archived.archive_content')}</DialogContentText>
          <MemberInput source="userId" nameSource="fullName" label="flock.people.member" validate={required()} />
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <FormDialogActions onClose={onClose} label="flock.people.archived.archive" icon={<ArchiveIcon />} />
      </Form>
    </Dialog>
  );
}
