import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { FOLLOW_UP_CHANNELS, FOLLOW_UP_REASONS } from '@/domain/cihReports/schemas';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { CustomResult, FlockDataProvider } from '@/src/dataProvider';
import { longDate, type ApiRecord } from '@/src/common/crud';
import { MeetingView } from './MeetingView';
import { localToday } from './TakeAttendance';

const t = (key: string) => `flock.cihReports.center.${key}`;

/** The center's last five meetings and activity reports. */
export function RecentReports({ centerId, version, onChanged }: { centerId: string; version: number; onChanged?: () => void }) {
  const translate = useTranslate();
  const [opened, setOpened] = useState<string>();
  const page = { pagination: { page: 1, perPage: 5 }, filter: { centerId }, meta: { version } };
  const meetings = useGetList<ApiRecord>('cihAttendance', page);
  const reports = useGetList<ApiRecord>('cihReports', page);
  return (
    <Card component="section" aria-labelledby="recent-reports">
      <CardContent>
        <Typography id="recent-reports" component="h2" variant="h6" gutterBottom>
          {translate(t('recent'))}
        </Typography>
        {meetings.data?.length === 0 && reports.data?.length === 0 && (
          <Typography color="text.secondary">{translate(t('no_reports'))}</Typography>
        )}
        <List dense aria-label={translate(t('meetings'))}>
          {meetings.data?.map((m) => (
            <ListItem key={m.id} divider>
              <ListItemText
                primary={longDate(m.meetingDate)}
                secondary={translate(t('meeting_line'), { present: m.presentCount, members: m.membersCount, visitors: m.visitorCount })}
              />
              <Button
                size="small"
                aria-label={translate(t('open_meeting'), { date: longDate(m.meetingDate) })}
                onClick={() => setOpened(m.id)}
              >
                {translate(t('open'))}
              </Button>
            </ListItem>
          ))}
        </List>
        {opened && <MeetingView meetingId={opened} onClose={() => setOpened(undefined)} onChanged={() => onChanged?.()} />}
        <List dense aria-label={translate(t('activity_reports'))}>
          {reports.data?.map((r) => (
            <ListItem key={r.id} divider>
              <ListItemText primary={r.topic} secondary={longDate(r.reportDate)} />
              <Chip size="small" label={translate(`flock.cihReports.status.${r.status}`)} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

/** Members absent at any of the last three meetings, each opening their follow-up history. */
export function Absentees({ centerId, version }: { centerId: string; version: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const [rows, setRows] = useState<ApiRecord[]>();
  useEffect(() => {
    dataProvider.getAbsentees<ApiRecord[]>({ CenterId: centerId }).then(
      (result: CustomResult<ApiRecord[]>) => setRows(result.data),
      () => setRows([]),
    );
  }, [dataProvider, centerId, version]);
  return (
    <Card component="section" aria-labelledby="absentees">
      <CardContent>
        <Typography id="absentees" component="h2" variant="h6" gutterBottom>
          {translate(t('absentees'))}
        </Typography>
        {rows?.length === 0 && <Typography color="text.secondary">{translate(t('no_absentees'))}</Typography>}
        <List dense>
          {rows?.map((a) => (
            <ListItem key={a.userId} divider>
              <ListItemText primary={a.name} secondary={translate(t('missed'), { smart_count: a.missed })} />
              {a.openFollowUp ? (
                <Chip size="small" label={translate(t('following_up'))} />
              ) : (
                <Button component={Link} to={`/cih/reports/followup/${a.userId}/${encodeURIComponent(a.name ?? '')}`} size="small">
                  {translate(t('follow_up'))}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

/**
 * A plain text area, two rows high, that grows with its text through CSS where the browser sizes
 * fields to their content: MUI's autosizing (TextareaAutosize, even for fixed rows) measures every
 * area in a layout effect, forcing a layout of the page as it renders (docs/decisions/0252).
 */
const TEXT_AREA = { input: { inputComponent: 'textarea' as const }, htmlInput: { type: undefined } };
const GROWS = { '& textarea': { 'field-sizing': 'content', minHeight: '2lh' } };

const EMPTY_REPORT = { topic: '', testimonies: '', prayerRequests: '', challenges: '', soulsWon: '0' };

/** The leader's activity report of a meeting: saved as a draft, or submitted. */
export function ActivityReportForm({ centerId, onSaved }: { centerId: string; onSaved?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const [reportDate, setReportDate] = useState(localToday());
  const [fields, setFields] = useState(EMPTY_REPORT);
  const { error, run } = useRemoteOperation();
  const field = (name: keyof typeof EMPTY_REPORT, multiline = false) => (
    <TextField
      label={translate(`resources.cihReports.fields.${name}`)}
      value={fields[name]}
      onChange={(e) => setFields((now) => ({ ...now, [name]: e.target.value }))}
      multiline={multiline}
      rows={multiline ? 2 : undefined}
      slotProps={multiline ? TEXT_AREA : undefined}
      sx={multiline ? GROWS : undefined}
      type={name === 'soulsWon' ? 'number' : 'text'}
      size="small"
      fullWidth
    />
  );
  const save = useCallback(
    async (status: 'draft' | 'submitted') => {
      const saved = await run(() =>
        dataProvider.createActivityReport({ centerId, reportDate, ...fields, soulsWon: Number(fields.soulsWon || 0), status }),
      );
      if (!saved.ok) return;
      notify(status === 'draft' ? t('draft_saved') : t('report_submitted'), { type: 'success' });
      setFields(EMPTY_REPORT);
      onSaved?.();
    },
    [dataProvider, centerId, reportDate, fields, notify, onSaved, run],
  );
  return (
    <Card component="section" aria-labelledby="activity-report">
      <CardContent>
        <Typography id="activity-report" component="h2" variant="h6" gutterBottom>
          {translate(t('file_report'))}
        </Typography>
        <Stack spacing={1.5}>
          <TextField
            type="date"
            label={translate('resources.cihReports.fields.reportDate')}
            value={reportDate}
            onChange={(e) => setReportDate(e.target.value)}
            size="small"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localToday() } }}
          />
          {field('topic')}
          {field('testimonies', true)}
          {field('prayerRequests', true)}
          {field('challenges', true)}
          {field('soulsWon')}
          {error && <Alert severity="error">{error}</Alert>}
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" onClick={() => save('draft')} disabled={!fields.topic.trim()}>
              {translate(t('save_draft'))}
            </Button>
            <Button variant="contained" onClick={() => save('submitted')} disabled={!fields.topic.trim()}>
              {translate(t('submit'))}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The follow-up of one person: date, channel, outcome and next step. */
export function FollowUpForm({ personId, centerId, onSaved }: { personId: string; centerId: string; onSaved?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const [values, setValues] = useState({ followUpDate: localToday(), channel: 'call', reason: 'absentee', outcome: '', nextStep: '' });
  const { error, run } = useRemoteOperation();
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((now) => ({ ...now, [name]: e.target.value }));
  const label = (name: string) => translate(`resources.cihFollowup.fields.${name}`);
  const save = async () => {
    const saved = await run(() => dataProvider.createFollowUp({ ...values, personId, centerId }));
    if (!saved.ok) return;
    notify(t('follow_up_saved'), { type: 'success' });
    onSaved?.();
  };
  return (
    <Card component="section" aria-labelledby="follow-up-form">
      <CardContent>
        <Typography id="follow-up-form" component="h2" variant="h6" gutterBottom>
          {translate(t('add_follow_up'))}
        </Typography>
        <Stack spacing={1.5}>
          <TextField
            type="date"
            label={label('followUpDate')}
            value={values.followUpDate}
            onChange={set('followUpDate')}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField select label={label('channel')} value={values.channel} onChange={set('channel')} size="small">
            {FOLLOW_UP_CHANNELS.map((c) => (
              <MenuItem key={c} value={c}>
                {translate(`flock.cihReports.channel.${c}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={label('reason')} value={values.reason} onChange={set('reason')} size="small">
            {FOLLOW_UP_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {translate(`flock.cihReports.reason.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={label('outcome')} value={values.outcome} onChange={set('outcome')} multiline minRows={2} size="small" />
          <TextField label={label('nextStep')} value={values.nextStep} onChange={set('nextStep')} size="small" />
          {error && <Alert severity="error">{error}</Alert>}
          <Button variant="contained" onClick={save}>
            {translate(t('save_follow_up'))}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
