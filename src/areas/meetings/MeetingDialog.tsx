import { useState } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import { MenuItem, TextField } from '@mui/material';
import { MEETING_KINDS, type MeetingKind } from '@/domain/meetings/schemas';
import { ASSIGNABLE_ROLES, CIH_ROLES } from '@/domain/roles/roles';
import { FormDialog } from '@/src/common/FormDialog';
import { useCallAndClose } from '@/src/common/useCallAndClose';
import type { FlockDataProvider } from '@/src/dataProvider';
import { InviteePicker, type Invitee } from './InviteePicker';
import type { MeetingDetail } from './meetingText';

/** A time as a datetime-local field holds it: the local "YYYY-MM-DDTHH:mm". */
function localInput(iso: string) {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Call a meeting, or change one already called (`meeting`): what, when, where, the agenda (one
 * item a line), and people, a department and a role to invite (those already invited stay).
 */
export function MeetingDialog({ meeting, onClose }: { meeting?: MeetingDetail; onClose: () => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const { data: departments = [] } = useGetList('departmentChoices', { pagination: { page: 1, perPage: 25000 } });
  const [title, setTitle] = useState(meeting?.title ?? '');
  const [kind, setKind] = useState<MeetingKind>(meeting?.kind ?? 'department');
  const [startsAt, setStartsAt] = useState(meeting ? localInput(meeting.startsAt) : '');
  const [venue, setVenue] = useState(meeting?.venue ?? '');
  const [agenda, setAgenda] = useState(meeting?.agenda.join('\n') ?? '');
  const [people, setPeople] = useState<Invitee[]>([]);
  const [departmentId, setDepartmentId] = useState('');
  const [role, setRole] = useState('');
  const { loading, error, submit } = useCallAndClose(onClose);
  // A change keeps the minutes and action items as saved; the meeting's page edits those.
  const kept = meeting && {
    id: meeting.id,
    durationMinutes: meeting.durationMinutes,
    minutes: meeting.minutes ?? undefined,
    actionItems: meeting.actionItems.map(({ text, ownerId, dueDate, done }) => ({ text, ownerId, dueDate, done })),
  };
  const save = () =>
    submit(() =>
      (meeting ? api.updateMeeting : api.createMeeting)({
        ...kept,
        title,
        kind,
        startsAt: new Date(startsAt).toISOString(),
        venue: venue || undefined,
        agenda: agenda
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        inviteeIds: people.map((p) => p.id),
        inviteDepartmentId: departmentId || undefined,
        inviteRole: role || undefined,
      }),
    );
  return (
    <FormDialog
      title={translate(meeting ? 'flock.meetings.edit' : 'flock.meetings.add')}
      submitLabel={translate('flock.meetings.save')}
      onClose={onClose}
      onSubmit={save}
      ready={!!title.trim() && !!startsAt}
      loading={loading}
      error={error}
    >
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
      <InviteePicker value={people} onChange={setPeople} />
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
        {[...ASSIGNABLE_ROLES, ...CIH_ROLES].map((r) => (
          <MenuItem key={r} value={r}>
            {translate(`flock.roles.${r}`, { _: r })}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
