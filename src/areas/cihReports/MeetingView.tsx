import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import type { FlockDataProvider } from '@/src/dataProvider';
import { longDate, type ApiRecord } from '@/src/common/crud';
import { MemberMark, type Mark } from './TakeAttendance';
import { VisitorsEditor, type DraftVisitor } from './VisitorsEditor';
import { useAllows } from '@/src/authProvider/useAllows';

const t = (key: string) => `flock.cihReports.center.${key}`;

type Visitor = { id: string; name: string; phone: string | null; email: string | null; firstTimer: boolean; firstTimerId: string | null };
type Meeting = ApiRecord & {
  centerId: string;
  meetingDate: string;
  marks: Array<{ userId: string; name: string; present: boolean }>;
  visitors: Visitor[];
};

/** What is being edited: the marks (a pastor's) and the visitors. */
type Draft = { marks: Record<string, Mark>; visitors: DraftVisitor[] };

/** The attendance save's body: the meeting as stored, with the marks and visitors as edited. */
function saveOf(meeting: Meeting, draft: Draft) {
  return {
    centerId: meeting.centerId,
    meetingDate: meeting.meetingDate,
    marks: meeting.marks.map((m) => ({ userId: m.userId, present: draft.marks[m.userId] === 'present' })),
    // Each stored visitor keeps its id, and with it the first-timer account made from it.
    visitors: draft.visitors.map((v) => ({
      ...(v.id && { id: v.id }),
      name: v.name,
      phone: v.phone || undefined,
      email: v.email || undefined,
      firstTimer: v.firstTimer,
    })),
    childrenCount: meeting.childrenCount,
    offering: meeting.offering ?? undefined,
    notes: meeting.notes ?? undefined,
  };
}

const draftOf = (meeting: Meeting): Draft => ({
  marks: Object.fromEntries(meeting.marks.map((m) => [m.userId, m.present ? 'present' : 'absent'])),
  visitors: meeting.visitors.map((v) => ({ ...v, phone: v.phone ?? undefined, email: v.email ?? undefined })),
});

function VisitorLine({ visitor, onSend }: { visitor: Visitor; onSend: (visitor: Visitor) => void }) {
  const translate = useTranslate();
  return (
    <ListItem divider sx={{ gap: 1, flexWrap: 'wrap', px: 0 }}>
      <ListItemText primary={visitor.name} secondary={[visitor.phone, visitor.email].filter(Boolean).join(' · ')} />
      {visitor.firstTimerId ? (
        <Chip size="small" color="success" label={translate(t('sent_to_first_timers'))} />
      ) : (
        <Button
          size="small"
          variant="outlined"
          aria-label={translate(t('to_first_timer_label'), { name: visitor.name })}
          onClick={() => onSend(visitor)}
        >
          {translate(t('to_first_timer'))}
        </Button>
      )}
    </ListItem>
  );
}

/** The meeting's marks: chips to read, or one Present / Absent pair per member while a pastor edits them. */
function MarksList({
  meeting,
  marks,
  onMark,
}: {
  meeting: Meeting;
  marks?: Record<string, Mark>;
  onMark: (userId: string, mark: Mark) => void;
}) {
  const translate = useTranslate();
  return (
    <List dense>
      {meeting.marks.map((m) =>
        marks ? (
          <MemberMark key={m.userId} member={{ id: m.userId, fullName: m.name }} mark={marks[m.userId]} onMark={onMark} />
        ) : (
          <ListItem key={m.userId} divider sx={{ px: 0 }}>
            <ListItemText primary={m.name} />
            <Chip
              size="small"
              color={m.present ? 'success' : 'default'}
              label={translate(`flock.cihReports.attendance.${m.present ? 'present' : 'absent'}`)}
            />
          </ListItem>
        ),
      )}
    </List>
  );
}

/**
 * An earlier meeting opened from the recent list: its marks and visitors. A visitor becomes a
 * first-timer with one click. Holders of CAN_UPDATE_CIH_REPORTS (pastors) edit the marks and
 * visitors through Update; a coordinator (CAN_CREATE_CIH_REPORTS) edits the visitors by saving
 * the meeting's date again, as the attendance form does. The server checks the center either way.
 */
export function MeetingView({ meetingId, onClose, onChanged }: { meetingId: string; onClose: () => void; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const mayUpdate = useAllows('cihAttendance', 'edit');
  const mayCreate = useAllows('cihAttendance', 'create');
  const [meeting, setMeeting] = useState<Meeting>();
  const [draft, setDraft] = useState<Draft>();
  const [error, setError] = useState<string>();

  const load = useCallback(
    () =>
      dataProvider.getOne<Meeting>('cihAttendance', { id: meetingId }).then(
        ({ data }) => setMeeting(data),
        (e: Error) => setError(e.message),
      ),
    [dataProvider, meetingId],
  );
  useEffect(() => {
    load();
  }, [load]);

  const afterChange = async (message: string) => {
    notify(message, { type: 'success' });
    setDraft(undefined);
    await load();
    onChanged();
  };
  const send = async (visitor: Visitor) => {
    setError(undefined);
    try {
      await dataProvider.visitorToFirstTimer({ visitorId: visitor.id });
      await afterChange(t('visitor_sent'));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const save = async () => {
    if (!meeting || !draft) return;
    setError(undefined);
    try {
      const body = saveOf(meeting, draft);
      if (mayUpdate) await dataProvider.update('cihAttendance', { id: meeting.id, data: body, previousData: meeting });
      else await dataProvider.takeAttendance(body);
      await afterChange(t('meeting_updated'));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="meeting-view">
      <DialogTitle id="meeting-view">{meeting && translate(t('meeting_title'), { date: longDate(meeting.meetingDate) })}</DialogTitle>
      <DialogContent>
        {!meeting && !error && <CircularProgress aria-label={translate('flock.loading')} />}
        {error && <Alert severity="error">{error}</Alert>}
        {meeting && (
          <>
            <Typography component="h3" variant="subtitle1">
              {translate(t('marks'))}
            </Typography>
            <MarksList
              meeting={meeting}
              marks={mayUpdate ? draft?.marks : undefined}
              onMark={(userId, mark) => setDraft((now) => now && { ...now, marks: { ...now.marks, [userId]: mark } })}
            />
            <Typography component="h3" variant="subtitle1">
              {translate('flock.cihReports.attendance.visitors')}
            </Typography>
            {draft ? (
              <VisitorsEditor visitors={draft.visitors} onChange={(visitors) => setDraft((now) => now && { ...now, visitors })} />
            ) : (
              <>
                {meeting.visitors.length === 0 && <Typography color="text.secondary">{translate(t('no_visitors'))}</Typography>}
                <List dense>
                  {meeting.visitors.map((v) => (
                    <VisitorLine key={v.id} visitor={v} onSend={send} />
                  ))}
                </List>
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {meeting && (mayUpdate || mayCreate) && !draft && (
          <Button onClick={() => setDraft(draftOf(meeting))}>{translate(t(mayUpdate ? 'edit_meeting' : 'edit_visitors'))}</Button>
        )}
        {draft && <Button onClick={() => setDraft(undefined)}>{translate(t('cancel'))}</Button>}
        {draft && (
          <Button variant="contained" onClick={save}>
            {translate(t('save_marks'))}
          </Button>
        )}
        {!draft && <Button onClick={onClose}>{translate(t('close'))}</Button>}
      </DialogActions>
    </Dialog>
  );
}
