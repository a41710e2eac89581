import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Stack,
  styled,
  TextField,
  ToggleButton,
  Typography,
} from '@mui/material';
import type { FlockDataProvider } from '@/src/dataProvider';
import type { ApiRecord } from '@/src/common/crud';
import { canQueue, isNetworkFailure, newKey, queueSave } from '@/src/offline/outbox';
import { useQueuedSaves } from '@/src/offline/useQueuedSaves';
import { QueuedSaves } from './QueuedSaves';
import { Later } from '@/src/common/Later';

export type Visitor = { name: string; phone?: string; email?: string; firstTimer: boolean };
export type Mark = 'present' | 'absent';

/** Today in the leader's own calendar, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const d = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 10);
}

const t = (key: string) => `flock.cihReports.attendance.${key}`;
/** The members a phone's first screen holds. */
const MARKS_AT_ONCE = 8;

/**
 * A member's line, its look made once for every line (an sx per line, name and button had
 * emotion serialise them for each member: docs/decisions/0252). The pair never wraps below the
 * name: a long name takes more lines instead, so the buttons stay in one column down the screen,
 * where a thumb finds each next one. The pair is two toggle buttons joined as a group's would be.
 */
const MarkRow = styled(ListItem)(({ theme }) => ({
  gap: theme.spacing(1),
  paddingLeft: 0,
  paddingRight: 0,
  '& .MuiListItemText-root': { flex: 1, minWidth: 0, overflowWrap: 'anywhere' },
  '& [role="group"]': { display: 'flex', flexShrink: 0 },
  '& .MuiToggleButton-root': { minWidth: 88, minHeight: 44 },
  '& .MuiToggleButton-root:first-of-type': { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
  '& .MuiToggleButton-root:last-of-type': { borderTopLeftRadius: 0, borderBottomLeftRadius: 0, marginLeft: -1 },
}));

type MemberMarkProps = { member: ApiRecord; mark?: Mark; onMark: (memberId: string, mark: Mark) => void };

/**
 * One member's line: their name and a Present / Absent pair, one tap each, each its own tab stop.
 * Memoised, with one `onMark` for every line, and plain toggle buttons in a labelled group rather
 * than MUI's ToggleButtonGroup, whose roving focus draws every pair twice as it mounts: the form
 * renders again as its answers come in and at each tap, and only a line whose mark changed is
 * drawn again (docs/decisions/0259).
 */
export const MemberMark = memo(function MemberMark({ member, mark, onMark }: MemberMarkProps) {
  const translate = useTranslate();
  return (
    <MarkRow divider>
      <ListItemText primary={member.fullName} />
      <div role="group" aria-label={member.fullName}>
        <ToggleButton
          value="present"
          color="success"
          size="small"
          selected={mark === 'present'}
          onChange={() => onMark(member.id, 'present')}
        >
          {translate(t('present'))}
        </ToggleButton>
        <ToggleButton value="absent" color="error" size="small" selected={mark === 'absent'} onChange={() => onMark(member.id, 'absent')}>
          {translate(t('absent'))}
        </ToggleButton>
      </div>
    </MarkRow>
  );
});

type VisitorFormProps = {
  onAdd: (visitor: Visitor) => void;
  /** A visitor being edited: the form starts from it and its button says so. */
  initial?: Visitor;
  /** A visitor already on the first-timer list stays a first-timer. */
  firstTimerLocked?: boolean;
  onCancel?: () => void;
};

/** A visitor's name, phone, email and first-timer box; adds one, or saves the one being edited. Memoised as MemberMark is. */
export const VisitorForm = memo(function VisitorForm({ onAdd, initial, firstTimerLocked, onCancel }: VisitorFormProps) {
  const translate = useTranslate();
  const [name, setName] = useState(initial?.name ?? '');
  const [phone, setPhone] = useState(initial?.phone ?? '');
  const [email, setEmail] = useState(initial?.email ?? '');
  const [firstTimer, setFirstTimer] = useState(initial?.firstTimer ?? false);
  const add = () => {
    if (!name.trim()) return;
    onAdd({ name: name.trim(), phone: phone.trim() || undefined, email: email.trim() || undefined, firstTimer });
    setName('');
    setPhone('');
    setEmail('');
    setFirstTimer(false);
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
      <TextField label={translate(t('visitor_name'))} value={name} onChange={(e) => setName(e.target.value)} size="small" />
      <TextField label={translate(t('visitor_phone'))} value={phone} onChange={(e) => setPhone(e.target.value)} size="small" type="tel" />
      <TextField label={translate(t('visitor_email'))} value={email} onChange={(e) => setEmail(e.target.value)} size="small" type="email" />
      <FormControlLabel
        control={<Checkbox checked={firstTimer} disabled={firstTimerLocked} onChange={(e) => setFirstTimer(e.target.checked)} />}
        label={translate(t('first_timer'))}
      />
      <Button variant="outlined" onClick={add} disabled={!name.trim()}>
        {translate(t(initial ? 'update_visitor' : 'add_visitor'))}
      </Button>
      {onCancel && <Button onClick={onCancel}>{translate('flock.cihReports.center.cancel')}</Button>}
    </Stack>
  );
});

/**
 * /cih/center's attendance: every member of the center marked present or absent with one tap
 * (none is assumed), visitors added by name and phone, then one save. Saving the same date
 * again updates that meeting. Without signal the save waits on the phone (src/offline/outbox.ts)
 * and is sent when the network returns, with its idempotency key (docs/decisions/0205, 0206).
 */
export function TakeAttendance({
  centerId,
  members,
  onSaved,
  version = 0,
}: {
  centerId: string;
  members: ApiRecord[];
  onSaved?: () => void;
  /** The recent meetings' version (CenterWork): the same list RecentReports reads, asked once. */
  version?: number;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const [meetingDate, setMeetingDate] = useState(localToday());
  const [marks, setMarks] = useState<Record<string, Mark>>({});
  const [visitors, setVisitors] = useState<Visitor[]>([]);
  const [childrenCount, setChildrenCount] = useState('');
  const [offering, setOffering] = useState('');
  const [saving, setSaving] = useState(false);
  const recent = useGetList<ApiRecord>('cihAttendance', { pagination: { page: 1, perPage: 5 }, filter: { centerId }, meta: { version } });
  const send = useCallback((body: Record<string, unknown>) => dataProvider.takeAttendance(body), [dataProvider]);
  const queue = useQueuedSaves(send);
  const marked = members.filter((m) => marks[m.id]).length;
  const present = members.filter((m) => marks[m.id] === 'present').length;
  const markOne = useCallback((memberId: string, mark: Mark) => setMarks((now) => ({ ...now, [memberId]: mark })), []);
  const addVisitor = useCallback((visitor: Visitor) => setVisitors((now) => [...now, visitor]), []);
  const markRestAbsent = () => setMarks((now) => ({ ...Object.fromEntries(members.map((m) => [m.id, 'absent' as Mark])), ...now }));

  // A queued save reaching the server refreshes the recent meetings and absentees, as a save does.
  const sentCount = queue.saves.filter((s) => s.state === 'sent').length;
  const lastSent = useRef(sentCount);
  useEffect(() => {
    if (sentCount > lastSent.current) onSaved?.();
    lastSent.current = sentCount;
  }, [sentCount, onSaved]);

  /** The date's meeting as this phone last knew it: 'none' when it knew none (docs/decisions/0206). */
  const basedOnFor = (date: string): string => {
    const sent = queue.saves.filter((s) => s.state === 'sent' && s.centerId === centerId && s.meetingDate === date && s.result);
    const fromList = recent.data?.find((m) => m.meetingDate === date)?.updatedAt as string | undefined;
    const fromSent = sent.length ? sent[sent.length - 1].result!.updatedAt : undefined;
    return [fromList, fromSent].filter(Boolean).sort().pop() ?? 'none';
  };

  const save = async () => {
    const body = {
      centerId,
      meetingDate,
      marks: members.map((m) => ({ userId: m.id, present: marks[m.id] === 'present' })),
      visitors,
      childrenCount: childrenCount === '' ? undefined : Number(childrenCount),
      offering: offering === '' ? undefined : Number(offering),
    };
    // The key is what makes a retry safe; a browser that cannot queue never retries.
    const queueable = canQueue() && Boolean(queue.owner);
    const key = queueable ? newKey() : undefined;
    const keep = async () => {
      await queueSave({
        key: key!,
        owner: queue.owner!,
        centerId,
        meetingDate,
        body: { ...body, basedOn: basedOnFor(meetingDate) },
        state: 'waiting',
        queuedAt: new Date().toISOString(),
      });
      notify(t('queued'), { type: 'info' });
    };
    setSaving(true);
    try {
      if (queueable && !navigator.onLine) await keep();
      else {
        const result = await dataProvider.takeAttendance(key ? { ...body, idempotencyKey: key } : body);
        notify(result.message === 'Details updated' ? t('updated') : t('saved'), { type: 'success' });
        onSaved?.();
      }
    } catch (error) {
      if (queueable && isNetworkFailure(error)) await keep();
      else notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const markLines = (some: ApiRecord[]) =>
    some.map((member) => <MemberMark key={member.id} member={member} mark={marks[member.id]} onMark={markOne} />);

  return (
    <Card component="section" aria-labelledby="take-attendance">
      <CardContent>
        <Typography id="take-attendance" component="h2" variant="h6" gutterBottom>
          {translate(t('title'))}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <TextField
            type="date"
            label={translate(t('date'))}
            value={meetingDate}
            onChange={(e) => setMeetingDate(e.target.value)}
            size="small"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localToday() } }}
          />
          <Typography aria-live="polite">{translate(t('progress'), { marked, total: members.length, present })}</Typography>
        </Stack>
        {members.length === 0 ? (
          <Typography color="text.secondary">{translate(t('no_members'))}</Typography>
        ) : (
          <List dense>
            {markLines(members.slice(0, MARKS_AT_ONCE))}
            {/* The first screenful first, the rest in a render of its own (docs/decisions/0252). */}
            <Later>{markLines(members.slice(MARKS_AT_ONCE))}</Later>
          </List>
        )}
        <Button onClick={markRestAbsent} disabled={marked === members.length} sx={{ mb: 2 }}>
          {translate(t('rest_absent'))}
        </Button>
        <Typography component="h3" variant="subtitle1" gutterBottom>
          {translate(t('visitors'))}
        </Typography>
        <VisitorForm onAdd={addVisitor} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
          {visitors.map((visitor, i) => (
            <Chip
              key={`${visitor.name}-${i}`}
              label={visitor.firstTimer ? `${visitor.name} · ${translate(t('first_timer'))}` : visitor.name}
              onDelete={() => setVisitors((now) => now.filter((_v, j) => j !== i))}
            />
          ))}
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', my: 2 }}>
          <TextField
            type="number"
            label={translate(t('children'))}
            value={childrenCount}
            onChange={(e) => setChildrenCount(e.target.value)}
            size="small"
            slotProps={{ htmlInput: { min: 0 } }}
            sx={{ width: 140 }}
          />
          <TextField
            type="number"
            label={translate(t('offering'))}
            value={offering}
            onChange={(e) => setOffering(e.target.value)}
            size="small"
            slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
            sx={{ width: 160 }}
          />
        </Stack>
        {marked < members.length && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {translate(t('mark_everyone'))}
          </Typography>
        )}
        <Button variant="contained" onClick={save} disabled={saving || marked < members.length || !meetingDate} fullWidth>
          {translate(t('save'))}
        </Button>
        <QueuedSaves saves={queue.saves} onSendNow={() => void queue.sendNow()} />
      </CardContent>
    </Card>
  );
}
