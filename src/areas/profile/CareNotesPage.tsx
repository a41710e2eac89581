import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  List,
  ListItem,
  ListItemText,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { CARE_NOTE_MAX, type CareNote, type CareSettings } from '@/domain/profile/careNotes';
import { useAllows } from '@/src/authProvider/useAllows';
import type { FlockDataProvider } from '@/src/dataProvider';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';

/** The form of a new note: notes are never edited, so there is only this. */
function NewNote({ userId, onAdded }: { userId: string; onAdded: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const saving = useRemoteOperation();
  const [body, setBody] = useState('');
  const add = async () => {
    const outcome = await saving.run(() => api.createCareNote({ userId, body }));
    if (!outcome.ok) return notify(outcome.error.message, { type: 'error' });
    notify('flock.care.note_added', { type: 'success' });
    setBody('');
    onAdded();
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 2 }}>
      <TextField
        label={translate('flock.care.new_note')}
        multiline
        minRows={3}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        slotProps={{ htmlInput: { maxLength: CARE_NOTE_MAX } }}
      />
      <Box>
        <Button variant="contained" disabled={!body.trim()} loading={saving.loading} onClick={add}>
          {translate('flock.care.add_note')}
        </Button>
      </Box>
    </Box>
  );
}

/** The church's choice whether a person's own data download holds the notes about them (docs/decisions 0210). */
function CareSetting() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const [settings, setSettings] = useState<CareSettings>();
  const saving = useRemoteOperation();
  useEffect(() => {
    api.getCareSettings<CareSettings>().then(
      (r: { data: CareSettings }) => setSettings(r.data),
      (error: Error) => notify(error.message, { type: 'error' }),
    );
  }, [api, notify]);
  if (!settings) return null;
  const change = async (notesInOwnData: boolean) => {
    const outcome = await saving.run(() => api.updateCareSettings<CareSettings>({ notesInOwnData }).then((r) => r.data));
    if (!outcome.ok) return notify(outcome.error.message, { type: 'error' });
    setSettings(outcome.result);
    notify('flock.care.setting_saved', { type: 'success' });
  };
  return (
    <Box sx={{ mt: 2 }}>
      <FormControlLabel
        control={<Switch checked={settings.notesInOwnData} disabled={saving.loading} onChange={(e) => void change(e.target.checked)} />}
        label={translate('flock.care.setting')}
      />
      <FormHelperText>{translate('flock.care.setting_help')}</FormHelperText>
    </Box>
  );
}

/** /profile/:userId/care-notes: the pastors' notes about a person (each opening of the page is audited). */
export function CareNotesPage() {
  const translate = useTranslate();
  const { userId = '' } = useParams();
  const api = useDataProvider<FlockDataProvider>();
  const notes = useRemoteOperation<CareNote[]>();
  const { run } = notes;
  const mayDecide = useAllows('profiles', 'careSetting');
  const load = useCallback(() => run(() => api.getCareNotes<CareNote[]>({ userId }).then((r) => r.data)), [api, run, userId]);
  useEffect(() => {
    load();
  }, [load]);
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography component="h1" variant="h5">
            {translate('flock.care.notes')}
          </Typography>
          <Button component={Link} to={`/profile/${userId}`}>
            {translate('flock.care.back')}
          </Button>
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('flock.care.notes_intro')}
        </Typography>
        {notes.error && <Alert severity="error">{translate('flock.care.load_error', { message: notes.error })}</Alert>}
        {notes.loading && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
        {notes.success && notes.success.length === 0 && <Typography sx={{ mt: 2 }}>{translate('flock.care.notes_empty')}</Typography>}
        {notes.success && notes.success.length > 0 && (
          <List aria-label={translate('flock.care.notes')}>
            {notes.success.map((n) => (
              <ListItem key={n.id} divider>
                <ListItemText
                  primary={n.body}
                  secondary={translate('flock.care.written_by', { name: n.authorName ?? '', date: n.createdAt.slice(0, 10) })}
                  slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
        {!notes.error && <NewNote userId={userId} onAdded={load} />}
        {mayDecide && <CareSetting />}
      </CardContent>
    </Card>
  );
}
