import { useState } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { MEETING_KINDS, type MeetingKind } from '@/domain/meetings';
import { ASSIGNABLE_ROLES } from '@/domain/roles';
import { useCallAndClose } from '@/src/common/useCallAndClose';
import type { FlockDataProvider } from '@/src/dataProvider';

/** Call a meeting: what, when, where, the agenda (one item a line), and a department and a role to invite. */
export function MeetingDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data: departments = [] } = useGetList('departmentChoices', { pagination: { page: 1, perPage: 25000 } });
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<MeetingKind>('department');
  const [startsAt, setStartsAt] = useState('');
  const [venue, setVenue] = useState('');
  const [agenda, setAgenda] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [role, setRole] = useState('');
  const { loading, error, submit } = useCallAndClose(onClose);
  const save = () =>
    submit(() =>
      api.createMeeting({
        title,
        kind,
        startsAt: new Date(startsAt).toISOString(),
        venue: venue || undefined,
        agenda: agenda
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        inviteDepartmentId: departmentId || undefined,
        inviteRole: role || undefined,
      }),
    );
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="meeting-title">
      <DialogTitle id="meeting-title">{translate('flock.meetings.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField label={translate('flock.meetings.title')} value={title} onChange={(e) => setTitle(e.target.value)} required />
          <TextField select label={translate('flock.meetings.kind')} value={kind} onChange={(e) => setKind(e.target.value as MeetingKind)}>
            {MEETING_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {translate(`flock.meetings.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="datetime-local"
            label={translate('flock.meetings.when')}
            value={startsAt}
            onChange={(e) => setStartsAt(e.target.value)}
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField label={translate('flock.meetings.venue')} value={venue} onChange={(e) => setVenue(e.target.value)} />
          <TextField
            label={translate('flock.meetings.agenda')}
            helperText={translate('flock.meetings.agenda_help')}
            value={agenda}
            onChange={(e) => setAgenda(e.target.value)}
            multiline
            minRows={3}
          />
          <TextField
            select
            label={translate('flock.meetings.invite_department')}
            value={departmentId}
            onChange={(e) => setDepartmentId(e.target.value)}
          >
            <MenuItem value="">{translate('flock.meetings.nobody')}</MenuItem>
            {departments.map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {d.departmentName}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={translate('flock.meetings.invite_role')} value={role} onChange={(e) => setRole(e.target.value)}>
            <MenuItem value="">{translate('flock.meetings.nobody')}</MenuItem>
            {ASSIGNABLE_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {translate(`flock.roles.${r}`, { _: r })}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
        <Button variant="contained" onClick={save} loading={loading} disabled={!title.trim() || !startsAt}>
          {translate('flock.meetings.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
