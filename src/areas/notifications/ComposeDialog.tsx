import { useEffect, useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import { AUDIENCES_WITH_ID, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, type AudienceKind } from '@/domain/notifications/audiences';
import type { FlockDataProvider } from '@/src/dataProvider';
import type { Audiences } from './types';

export type Person = { id: string; label: string };
const OPTIONS_OF: Partial<Record<AudienceKind, keyof Omit<Audiences, 'kinds'>>> = {
  department: 'departments',
  affinityGroup: 'affinityGroups',
  zone: 'zones',
  center: 'centers',
  role: 'roles',
};

/** The audience as GetRecipientCount's query, or null while it is incomplete. */
function audienceQuery(kind: AudienceKind | '', target: string, people: Person[]) {
  if (!kind) return null;
  if (AUDIENCES_WITH_ID.includes(kind) && !target) return null;
  if (kind === 'people' && !people.length) return null;
  return { Audience: kind, AudienceId: target || undefined, UserIds: kind === 'people' ? people.map((p) => p.id).join(',') : undefined };
}

/** Chosen people are counted at most this many at a time: a thousand ids in one address would pass the servers' and proxies' header limits. */
const IDS_PER_COUNT = 200;

/** The audience's count queries: itself, or for chosen people one per IDS_PER_COUNT of them (each counts once, so their counts add up). */
function countQueries(query: NonNullable<ReturnType<typeof audienceQuery>>) {
  const ids = query.UserIds?.split(',') ?? [];
  if (ids.length <= IDS_PER_COUNT) return [query];
  return Array.from({ length: Math.ceil(ids.length / IDS_PER_COUNT) }, (_, i) => ({
    ...query,
    UserIds: ids.slice(i * IDS_PER_COUNT, (i + 1) * IDS_PER_COUNT).join(','),
  }));
}

/** How many the chosen audience reaches, asked again whenever it changes. */
function useRecipientCount(query: ReturnType<typeof audienceQuery>) {
  const api = useDataProvider<FlockDataProvider>();
  const [count, setCount] = useState<number | null>(null);
  const key = JSON.stringify(query);
  useEffect(() => {
    let live = true;
    setCount(null);
    if (query)
      void Promise.all(countQueries(query).map((part) => api.getRecipientCount<{ count: number }>(part))).then(
        (answers) => live && setCount(answers.reduce((sum, r) => sum + r.data.count, 0)),
        () => undefined,
      );
    return () => {
      live = false;
    };
    // The key is the query's value; the object itself is new at each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, api]);
  return count;
}

/** Searches the people the sender may choose (the server narrows them to the sender's scope). */
function PeoplePicker({ value, onChange }: { value: Person[]; onChange: (people: Person[]) => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<Person[]>([]);
  useEffect(() => {
    let live = true;
    void api.getPeople<Array<{ id: string; fullName: string; email: string }>>({ search }).then(
      (r) => live && setOptions(r.data.map((u) => ({ id: u.id, label: `${u.fullName} (${u.email})` }))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [search, api]);
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, people) => onChange(people)}
      onInputChange={(_e, text) => setSearch(text)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('flock.notifications.form.people')}
          helperText={translate('flock.notifications.form.people_help')}
        />
      )}
    />
  );
}

/** Chosen files with their checks: at most five, 5 MB each (the server judges the type by content). */
function FilesInput({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const add = (chosen: FileList | null) => {
    const next = [...files, ...Array.from(chosen ?? [])];
    const large = next.find((f) => f.size > MAX_ATTACHMENT_BYTES);
    if (large) return notify('flock.notifications.form.file_too_large', { type: 'error', messageArgs: { name: large.name } });
    if (next.length > MAX_ATTACHMENTS) return notify('flock.notifications.form.too_many_files', { type: 'error' });
    onChange(next);
  };
  return (
    <Box>
      <Button component="label" startIcon={<AttachFileIcon />} disabled={files.length >= MAX_ATTACHMENTS}>
        {translate('flock.notifications.form.files')}
        <input
          hidden
          type="file"
          multiple
          accept="application/pdf,image/png,image/jpeg,image/gif,image/webp"
          onChange={(e) => add(e.target.files)}
        />
      </Button>
      <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
        {translate('flock.notifications.form.files_help')}
      </Typography>
      {files.map((f, i) => (
        <Box key={`${f.name}-${i}`} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {f.name}
          </Typography>
          <IconButton
            size="small"
            aria-label={translate('flock.notifications.form.remove_file', { name: f.name })}
            onClick={() => onChange(files.filter((_, j) => j !== i))}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}

function formOf(
  fields: { title: string; body: string; scheduledFor: string; files: File[] },
  query: NonNullable<ReturnType<typeof audienceQuery>>,
) {
  const form = new FormData();
  form.set('Title', fields.title);
  form.set('Body', fields.body);
  for (const [name, value] of Object.entries(query)) if (value) form.set(name, value);
  if (fields.scheduledFor) form.set('ScheduledFor', new Date(fields.scheduledFor).toISOString());
  for (const file of fields.files) form.append('attachments', file, file.name);
  return form;
}

type ComposeProps = {
  audiences: Audiences;
  onClose: () => void;
  /** People chosen beforehand (the member list's selection, docs/decisions/0212): the 'people' audience, filled in. */
  chosen?: Person[];
};

/** The audience the dialog opens on: the chosen people, or the sender's only kind. */
function firstKind(audiences: Audiences, chosen?: Person[]): AudienceKind | '' {
  if (chosen?.length && audiences.kinds.includes('people')) return 'people';
  return audiences.kinds.length === 1 ? (audiences.kinds[0] as AudienceKind) : '';
}

/** Writing a notification: title, text, audience (what the sender may reach), files and an optional time. */
export function ComposeDialog({ audiences, onClose, chosen }: ComposeProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useDataProvider<FlockDataProvider>();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [kind, setKind] = useState<AudienceKind | ''>(firstKind(audiences, chosen));
  const [target, setTarget] = useState('');
  const [people, setPeople] = useState<Person[]>(chosen ?? []);
  const [files, setFiles] = useState<File[]>([]);
  const [scheduledFor, setScheduledFor] = useState('');
  const [busy, setBusy] = useState(false);
  const query = audienceQuery(kind, target, people);
  const count = useRecipientCount(query);
  const optionsKey = kind ? OPTIONS_OF[kind] : undefined;
  const t = (key: string, args?: object) => translate(`flock.notifications.form.${key}`, args);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!query || !title.trim() || !body.trim()) return;
    setBusy(true);
    try {
      await api.sendNotification({ form: formOf({ title, body, scheduledFor, files }, query) });
      notify(scheduledFor ? 'flock.notifications.form.scheduled' : 'flock.notifications.form.sent', { type: 'success' });
      refresh();
      onClose();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="compose-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="compose-title">{translate('flock.notifications.compose')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('title')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              required
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              label={t('body')}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              required
              multiline
              minRows={4}
              helperText={t('body_help')}
            />
            <TextField
              select
              label={t('audience')}
              value={kind}
              required
              onChange={(e) => {
                setKind(e.target.value as AudienceKind);
                setTarget('');
              }}
            >
              {audiences.kinds.map((k) => (
                <MenuItem key={k} value={k}>
                  {translate(`flock.notifications.audiences.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            {optionsKey && (
              <TextField select label={t('target')} value={target} required onChange={(e) => setTarget(e.target.value)}>
                {audiences[optionsKey].map((o) => (
                  <MenuItem key={o.id} value={o.id}>
                    {o.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {kind === 'people' && <PeoplePicker value={people} onChange={setPeople} />}
            <Typography role="status" color="text.secondary">
              {count === null ? t('recipients_unknown') : t('recipients', { smart_count: count })}
            </Typography>
            <FilesInput files={files} onChange={setFiles} />
            <TextField
              type="datetime-local"
              label={t('schedule')}
              value={scheduledFor}
              onChange={(e) => setScheduledFor(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" loading={busy} disabled={!query || !title.trim() || !body.trim()}>
            {t('send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
