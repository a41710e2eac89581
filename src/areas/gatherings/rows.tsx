import { DeleteButton, useGetIdentity, useRecordContext, useTranslate } from 'react-admin';
import { Box, IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import type { PendingRecord } from './decisions';

/** The requester's own pending request: change it, or withdraw it (after a confirmation). */
export function OwnPendingActions({ onEdit, name }: { onEdit: (id: string) => void; name: (r: PendingRecord) => string }) {
  const translate = useTranslate();
  const record = useRecordContext<PendingRecord>();
  const { identity } = useGetIdentity();
  if (!record || !identity || record.status !== 'pending' || record.userId !== identity.id) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', alignItems: 'center' }}>
      <Tooltip title={translate('flock.crud.edit')}>
        <IconButton
          size="small"
          aria-label={translate('flock.gatherings.edit_of', { name: name(record) })}
          onClick={() => onEdit(record.id)}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <DeleteButton
        mutationMode="pessimistic"
        redirect={false}
        label="flock.gatherings.withdraw"
        successMessage="flock.gatherings.withdrawn"
        confirmTitle={translate('flock.gatherings.withdraw_title', { name: name(record) })}
        confirmContent="flock.gatherings.withdraw_content"
      />
    </Box>
  );
}
