import { useId, useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  List,
  ListItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { GENDERS } from '@/domain/common/enums';
import { quickPersonSchema, type DuplicateMatch } from '@/domain/people/duplicates';
import { enumLabel } from '@/src/common/enumLabels';
import type { FlockDataProvider } from '@/src/dataProvider';

const T = 'flock.quick_add';
const TEXT_FIELDS = ['firstName', 'surName', 'email', 'mobile1'] as const;
type Form = Record<(typeof TEXT_FIELDS)[number] | 'gender' | 'dateOfBirth', string>;
const EMPTY: Form = { firstName: '', surName: '', email: '', mobile1: '', gender: '', dateOfBirth: '' };

/** The form as the API takes it: an empty birth date is none. */
const bodyOf = (form: Form) => ({ ...form, dateOfBirth: form.dateOfBirth || null });

/** The likely matches found before saving: each opens its profile; or the person is saved anyway. */
function Matches({ matches }: { matches: DuplicateMatch[] }) {
  const translate = useTranslate();
  return (
    <Alert severity="warning">
      {translate(`${T}.matches`)}
      <List dense>
        {matches.map((m) => (
          <ListItem key={m.id} disableGutters>
            <Link to={`/profile/${m.id}`} aria-label={translate(`${T}.open`, { name: m.fullName })}>
              {m.fullName}
            </Link>
            &nbsp;({[m.email, m.phone].filter(Boolean).join(', ')};{' '}
            {m.reasons.map((r) => translate(`flock.duplicates.reasons.${r}`)).join(', ')})
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}

/**
 * Adding one member from the member list: name, phone, email, gender and birth date, as the
 * office writes them. Save first asks the server for likely duplicates; when there are any the
 * dialog shows them, each opening its profile, and 'Save anyway' saves the person all the same.
 */
export function QuickAddDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const genderId = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [matches, setMatches] = useState<DuplicateMatch[]>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = (field: keyof Form, value: string) => {
    setForm({ ...form, [field]: value });
    setMatches(undefined);
  };
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await call();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const save = (saveAnyway: boolean) =>
    run(async () => {
      await dataProvider.quickAddMember({ ...bodyOf(form), saveAnyway });
      notify(`${T}.saved`, { type: 'success' });
      refresh();
      onClose();
    });
  const check = () => {
    const parsed = quickPersonSchema.safeParse(bodyOf(form));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    void run(async () => {
      const found = await dataProvider.checkDuplicates<DuplicateMatch[]>(parsed.data);
      if (found.data.length) setMatches(found.data);
      else await save(false);
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(`${T}.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {TEXT_FIELDS.map((field) => (
            <TextField
              key={field}
              label={translate(`${T}.fields.${field}`)}
              value={form[field]}
              type={field === 'email' ? 'email' : field === 'mobile1' ? 'tel' : 'text'}
              required
              error={!!errors[field]}
              helperText={errors[field]}
              onChange={(e) => set(field, e.target.value)}
            />
          ))}
          <FormLabel id={genderId} required error={!!errors.gender}>
            {translate(`${T}.fields.gender`)}
          </FormLabel>
          <RadioGroup row aria-labelledby={genderId} value={form.gender} onChange={(e) => set('gender', e.target.value)}>
            {GENDERS.map((g) => (
              <FormControlLabel key={g} value={g} control={<Radio />} label={enumLabel(translate, 'gender', g)} />
            ))}
          </RadioGroup>
          {errors.gender && <Alert severity="error">{errors.gender}</Alert>}
          <TextField
            label={translate(`${T}.fields.dateOfBirth`)}
            type="date"
            value={form.dateOfBirth}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!!errors.dateOfBirth}
            helperText={errors.dateOfBirth}
            onChange={(e) => set('dateOfBirth', e.target.value)}
          />
          {matches && <Matches matches={matches} />}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
        {matches ? (
          <Button variant="contained" color="warning" loading={busy} onClick={() => void save(true)}>
            {translate(`${T}.save_anyway`)}
          </Button>
        ) : (
          <Button variant="contained" loading={busy} onClick={check}>
            {translate(`${T}.save`)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The member list's Quick add button, for those who may create accounts. */
export function QuickAddButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {translate(`${T}.button`)}
      </Button>
      {open && <QuickAddDialog onClose={() => setOpen(false)} />}
    </>
  );
}
