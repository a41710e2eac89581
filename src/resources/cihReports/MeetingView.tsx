import { useCallback, useEffect, useState } from 'react';
import { useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
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
import { longDate, type ApiRecord } from '@/src/resources/crud';
import { MemberMark, type Mark } from './TakeAttendance';

const t = (key: string) => `flock.cihReports.center.${key}`;

type Visitor = { id: string; name: string; phone: string | null; email: string | null; firstTimer: boolean; firstTimerId: string | null };
type Meeting = ApiRecord & {
  centerId: string;
  meetingDate: string;
  marks: Array<{ userId: string; name: string; present: boolean }>;
  visitors: Visitor[];
};

/** The PUT /CIHAttendance/Update body: the meeting as stored, with the marks as edited. */
function updateOf(meeting: Meeting, marks: Record<string, Mark>) {
  return {
    centerId: meeting.centerId,
    meetingDate: meeting.meetingDate,
    marks: meeting.marks.map((m) => ({ userId: m.userId, present: marks[m.userId] === 'present' })),
    // Each visitor keeps its id, and with it the first-timer account made from it.
    visitors: meeting.visitors.map((v) => ({
      id: v.id,
      name: v.name,
      phone: v.phone ?? undefined,
      email: v.email ?? undefined,
      firstTimer: v.firstTimer,
    })),
    childrenCount: meeting.childrenCount,
    offering: meeting.offering ?? undefined,
    notes: meeting.notes ?? undefined,
  };
}

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

/**
 * An earlier meeting opened from the recent list: its marks and visitors. A visitor becomes a
 * first-timer with one click; holders of CAN_UPDATE_CIH_REPORTS (pastors) edit the marks.
 */
export function MeetingView({ meetingId, onClose, onChanged }: { meetingId: string; onClose: () => void; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const { canAccess: mayEdit } = useCanAccess({ resource: 'cihAttendance', action: 'edit' });
  const [meeting, setMeeting] = useState<Meeting>();
  const [marks, setMarks] = useState<Record<string, Mark>>();
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

  const send = async (visitor: Visitor) => {
    setError(undefined);
    try {
      await dataProvider.visitorToFirstTimer({ visitorId: visitor.id });
      notify(t('visitor_sent'), { type: 'success' });
      await load();
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const startEditing = () =>
    meeting && setMarks(Object.fromEntries(meeting.marks.map((m) => [m.userId, m.present ? 'present' : 'absent'])));
  const save = async () => {
    if (!meeting || !marks) return;
    setError(undefined);
    try {
      await dataProvider.update('cihAttendance', { id: meeting.id, data: updateOf(meeting, marks), previousData: meeting });
      notify(t('meeting_updated'), { type: 'success' });
      setMarks(undefined);
      await load();
      onChanged();
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
            <List dense>
              {meeting.marks.map((m) =>
                marks ? (
                  <MemberMark
                    key={m.userId}
                    member={{ id: m.userId, fullName: m.name }}
                    mark={marks[m.userId]}
                    onMark={(mark) => setMarks((now) => ({ ...now, [m.userId]: mark }))}
                  />
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
            <Typography component="h3" variant="subtitle1">
              {translate('flock.cihReports.attendance.visitors')}
            </Typography>
            {meeting.visitors.length === 0 && <Typography color="text.secondary">{translate(t('no_visitors'))}</Typography>}
            <List dense>
              {meeting.visitors.map((v) => (
                <VisitorLine key={v.id} visitor={v} onSend={send} />
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {meeting && mayEdit && !marks && <Button onClick={startEditing}>{translate(t('edit_marks'))}</Button>}
        {marks && <Button onClick={() => setMarks(undefined)}>{translate(t('cancel'))}</Button>}
        {marks && (
          <Button variant="contained" onClick={save}>
            {translate(t('save_marks'))}
          </Button>
        )}
        {!marks && <Button onClick={onClose}>{translate(t('close'))}</Button>}
      </DialogActions>
    </Dialog>
  );
}
