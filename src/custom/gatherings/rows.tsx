import type { ReactElement } from 'react';
import { DeleteButton, useGetIdentity, useRecordContext, useTranslate } from 'react-admin';
import { Box, Card, CardContent, IconButton, Tooltip, Typography } from '@mui/material';
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

/** An empty list says what belongs in it and how to start. */
export function Empty({ text, action }: { text: string; action?: ReactElement | null }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
        <Typography color="text.secondary">{translate(text)}</Typography>
        {action}
      </CardContent>
    </Card>
  );
}
