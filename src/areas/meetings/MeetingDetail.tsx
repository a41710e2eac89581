import { useEffect, useState } from 'react';
import { useDataProvider, useGetIdentity, useGetOne, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import PrintIcon from '@mui/icons-material/Print';
import type { ActionItem } from '@/domain/meetings/schemas';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import { MeetingDialog } from './MeetingDialog';
import type { MeetingDetail as Detail } from './meetingText';
import { printMinutes } from './printMinutes';
import { formatInstant } from '@/src/i18n/formats';

/** A meeting: agenda, minutes and action items (editable by whoever called it), attendance, and the print view. */
export function MeetingDetail({ id, canEdit, onClose }: { id: string; canEdit: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { identity } = useGetIdentity();
  const { data: meeting, refetch } = useGetOne<Detail>('meetings', { id });
  const [minutes, setMinutes] = useState('');
  const [actions, setActions] = useState<ActionItem[]>([]);
  const [attended, setAttended] = useState<Record<string, boolean>>({});
  const { loading, error, run } = useRemoteOperation();
  const [changing, setChanging] = useState(false);
  useEffect(() => {
    if (!meeting?.invitees) return;
    setMinutes(meeting.minutes ?? '');
    setActions(meeting.actionItems.map(({ text, ownerId, dueDate, done }) => ({ text, ownerId, dueDate, done })));
    setAttended(Object.fromEntries(meeting.invitees.map((i) => [i.userId, !!i.attended])));
  }, [meeting]);
  // The list's copy shows first; the detail has the invitees.
  if (!meeting?.invitees) return null;
  const editable = canEdit && identity?.id === meeting.createdBy;
  if (changing)
    return (
      <MeetingDialog
        meeting={meeting}
        onClose={() => {
          setChanging(false);
          refetch();
        }}
      />
    );
  const save = async () => {
    const { title, kind, startsAt, durationMinutes, venue, agenda } = meeting;
    const outcome = await run(async () => {
      await api.updateMeeting({
        id,
        title,
        kind,
        startsAt,
        durationMinutes,
        venue: venue ?? undefined,
        agenda,
        minutes,
        actionItems: actions.filter((a) => a.text.trim()),
      });
      await api.markAttendance({
        meetingId: id,
        attendance: Object.entries(attended).map(([userId, value]) => ({ userId, attended: value })),
      });
    });
    if (outcome.ok) {
      notify('flock.meetings.saved', { type: 'success' });
      refetch();
    }
  };
  const uninvite = async (userId: string) => {
    const outcome = await run(() => api.removeInvitees({ meetingId: id, userIds: [userId] }));
    if (outcome.ok) {
      notify('flock.meetings.invitee_removed', { type: 'info' });
      refetch();
    }
  };
  const setAction = (i: number, patch: Partial<ActionItem>) => setActions(actions.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  const labels = {
    agenda: translate('flock.meetings.agenda'),
    minutes: translate('flock.meetings.minutes'),
    actions: translate('flock.meetings.actions'),
    attendance: translate('flock.meetings.attendance'),
    attended: translate('flock.meetings.attended'),
    absent: translate('flock.meetings.absent'),
    due: translate('flock.meetings.due'),
  };
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="meeting-detail-title">
      <DialogTitle id="meeting-detail-title">{meeting.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <Typography>
            {formatInstant(meeting.startsAt, { dateStyle: 'full', timeStyle: 'short' })}
            {meeting.venue ? ` · ${meeting.venue}` : ''}
          </Typography>
          <Typography variant="h6" component="h2">
            {labels.agenda}
          </Typography>
          <Box component="ol" sx={{ m: 0 }}>
            {meeting.agenda.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </Box>
          <Typography variant="h6" component="h2">
            {labels.minutes}
          </Typography>
          {editable ? (
            <TextField label={labels.minutes} value={minutes} onChange={(e) => setMinutes(e.target.value)} multiline minRows={4} />
          ) : (
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{meeting.minutes || '—'}</Typography>
          )}
          <Typography variant="h6" component="h2">
            {labels.actions}
          </Typography>
          {actions.map((a, i) => (
            <Box key={i} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <FormControlLabel
                control={<Checkbox checked={a.done} disabled={!editable} onChange={(e) => setAction(i, { done: e.target.checked })} />}
                label={translate('flock.meetings.done')}
              />
              <TextField
                size="small"
                label={translate('flock.meetings.action')}
                value={a.text}
                disabled={!editable}
                onChange={(e) => setAction(i, { text: e.target.value })}
                sx={{ flex: 1, minWidth: 180 }}
              />
              <TextField
                select
                size="small"
                label={translate('flock.meetings.owner')}
                value={a.ownerId ?? ''}
                disabled={!editable}
                onChange={(e) => setAction(i, { ownerId: e.target.value || undefined })}
                sx={{ minWidth: 160 }}
              >
                <MenuItem value="">—</MenuItem>
                {meeting.invitees.map((p) => (
                  <MenuItem key={p.userId} value={p.userId}>
                    {p.fullName}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                type="date"
                label={labels.due}
                value={a.dueDate ?? ''}
                disabled={!editable}
                onChange={(e) => setAction(i, { dueDate: e.target.value || undefined })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              {editable && (
                <IconButton
                  aria-label={translate('flock.meetings.remove_action')}
                  onClick={() => setActions(actions.filter((_, j) => j !== i))}
                >
                  <DeleteIcon />
                </IconButton>
              )}
            </Box>
          ))}
          {editable && (
            <Box>
              <Button startIcon={<AddIcon />} onClick={() => setActions([...actions, { text: '', done: false }])}>
                {translate('flock.meetings.add_action')}
              </Button>
            </Box>
          )}
          <Typography variant="h6" component="h2">
            {labels.attendance}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            {meeting.invitees.map((p) => (
              <Box key={p.userId} sx={{ display: 'inline-flex', alignItems: 'center' }}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={!!attended[p.userId]}
                      disabled={!editable}
                      onChange={(e) => setAttended({ ...attended, [p.userId]: e.target.checked })}
                    />
                  }
                  label={p.fullName ?? ''}
                />
                {editable && p.userId !== meeting.createdBy && (
                  <IconButton
                    size="small"
                    aria-label={translate('flock.meetings.remove_invitee', { name: p.fullName ?? '' })}
                    onClick={() => uninvite(p.userId)}
                    disabled={loading}
                  >
                    <PersonRemoveIcon fontSize="small" />
                  </IconButton>
                )}
              </Box>
            ))}
          </Box>
          {loading && <LinearProgress />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<PrintIcon />}
          onClick={() => printMinutes({ ...meeting, minutes: editable ? minutes : meeting.minutes }, labels)}
        >
          {translate('flock.meetings.print')}
        </Button>
        {editable && <Button onClick={() => setChanging(true)}>{translate('flock.meetings.edit')}</Button>}
        <Button onClick={onClose}>{translate('flock.goals.close')}</Button>
        {editable && (
          <Button variant="contained" onClick={save} loading={loading}>
            {translate('flock.meetings.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
