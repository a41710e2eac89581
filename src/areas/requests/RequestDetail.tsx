import { useId } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import { Alert, Box, Button, Drawer, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { longDate } from '@/src/common/crud';
import { StatusChip } from './StatusChip';
import type { MemberRequestDetail, RequestEvent } from '@/domain/common/records';
import { targetText } from './requestText';

function Line({ label, value }: { label: string; value?: string | null }) {
  const translate = useTranslate();
  if (!value) return null;
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="overline" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}

/** Filed, then decided or cancelled: who, when, with what comment. */
function History({ events }: { events: RequestEvent[] }) {
  const translate = useTranslate();
  return (
    <List dense aria-label={translate('flock.requests.history')}>
      {events.map((event) => (
        <ListItem key={event.id} disableGutters>
          <ListItemText
            primary={`${translate(`flock.requests.events.${event.action}`, { name: event.actorName ?? '' })}, ${longDate(event.at)}`}
            secondary={event.comment}
          />
        </ListItem>
      ))}
    </List>
  );
}

function Body({ request }: { request: MemberRequestDetail }) {
  const translate = useTranslate();
  const field = (name: string) => `resources.allRequests.fields.${name}`;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}>
        <Typography variant="subtitle1">{translate(`flock.requests.kinds.${request.kind}`)}</Typography>
        <StatusChip status={request.status} />
      </Box>
      <Line label={field('requesterName')} value={request.requester.fullName} />
      <Line label={field('target')} value={targetText(request)} />
      <Line label={field('reason')} value={request.reason} />
      <Line label={field('decisionComment')} value={request.decisionComment} />
      <Typography component="h3" variant="subtitle2" sx={{ mt: 2 }}>
        {translate('flock.requests.history')}
      </Typography>
      <History events={request.history} />
    </>
  );
}

/** A request's detail with its history (GetRequestById), beside the list. */
export function RequestDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const translate = useTranslate();
  const { data, error, isPending } = useGetOne<MemberRequestDetail>('requests', { id });
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 420 }, p: 3 } } }}
    >
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 2 }}>
        {translate('flock.requests.detail_title')}
      </Typography>
      {isPending && <LinearProgress />}
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {data && <Body request={data} />}
      <Box sx={{ mt: 'auto', pt: 2 }}>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </Box>
    </Drawer>
  );
}
