import { useEffect, useId, useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { DuplicatePair, MergeChoices, MergeField, MergePreview } from '@/domain/people/duplicates';
import type { FlockDataProvider } from '@/src/dataProvider';

const T = 'flock.duplicates';
type Source = 'kept' | 'merged';

/** One field where both records hold a value: which one stays, as a radio pair. */
function FieldChoice({
  field,
  kept,
  merged,
  value,
  onChange,
}: {
  field: MergeField;
  kept: string;
  merged: string;
  value: Source;
  onChange: (v: Source) => void;
}) {
  const translate = useTranslate();
  const id = useId();
  const name = translate(`flock.merge_fields.${field}`);
  return (
    <Stack>
      <FormLabel id={id}>{name}</FormLabel>
      <RadioGroup aria-labelledby={id} value={value} onChange={(e) => onChange(e.target.value as Source)}>
        <FormControlLabel value="kept" control={<Radio />} label={kept} aria-label={translate(`${T}.pick`, { value: kept, field: name })} />
        <FormControlLabel
          value="merged"
          control={<Radio />}
          label={merged}
          aria-label={translate(`${T}.pick`, { value: merged, field: name })}
        />
      </RadioGroup>
    </Stack>
  );
}

/** The preview's fields: a choice where both hold a value, the one value otherwise. */
function FieldList({
  preview,
  choices,
  onChoose,
}: {
  preview: MergePreview;
  choices: MergeChoices;
  onChoose: (f: MergeField, v: Source) => void;
}) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      {preview.fields.map((f) =>
        f.kept !== null && f.merged !== null && f.kept !== f.merged ? (
          <FieldChoice
            key={f.field}
            field={f.field}
            kept={f.kept}
            merged={f.merged}
            value={choices[f.field] ?? f.wins}
            onChange={(v) => onChoose(f.field, v)}
          />
        ) : f.kept !== null || f.merged !== null ? (
          <Typography key={f.field} variant="body2">
            {translate(`flock.merge_fields.${f.field}`)}: {f.wins === 'merged' ? f.merged : f.kept}
          </Typography>
        ) : null,
      )}
    </Stack>
  );
}

/**
 * Merging a pair: which record stays (its account signs in as before), each biodata field that
 * both hold chosen from either, the rows that move, then the merge in one call.
 */
export function MergeDialog({ pair, onClose }: { pair: DuplicatePair; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const keepLabel = useId();
  const [keepId, setKeepId] = useState(pair.a.id);
  const [keptPerson, mergedPerson] = keepId === pair.a.id ? [pair.a, pair.b] : [pair.b, pair.a];
  const mergeId = mergedPerson.id;
  const [preview, setPreview] = useState<MergePreview>();
  const [choices, setChoices] = useState<MergeChoices>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setPreview(undefined);
    setChoices({});
    dataProvider
      .getMergePreview<MergePreview>({ keepId, mergeId })
      .then((res) => live && setPreview(res.data))
      .catch((err: Error) => live && setError(err.message));
    return () => {
      live = false;
    };
  }, [dataProvider, keepId, mergeId]);

  const merge = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await dataProvider.mergePeople({ keepId, mergeId, choices });
      notify(`${T}.done`, { type: 'success' });
      refresh();
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const moves = preview ? Object.entries(preview.references).map(([table, n]) => `${table.replace(/_/g, ' ')} (${n})`) : [];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(`${T}.merge_title`, { kept: keptPerson.fullName, merged: mergedPerson.fullName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <FormLabel id={keepLabel}>{translate(`${T}.keep_which`)}</FormLabel>
          <RadioGroup aria-labelledby={keepLabel} value={keepId} onChange={(e) => setKeepId(e.target.value)}>
            {[pair.a, pair.b].map((p) => (
              <FormControlLabel key={p.id} value={p.id} control={<Radio />} label={`${p.fullName} (${p.email})`} />
            ))}
          </RadioGroup>
          <Alert severity="info">{translate(`${T}.sign_in`)}</Alert>
          {!preview && !error && <Typography>{translate(`${T}.loading`)}</Typography>}
          {preview && <FieldList preview={preview} choices={choices} onChoose={(f, v) => setChoices({ ...choices, [f]: v })} />}
          {preview && (
            <Typography variant="body2">
              {moves.length ? translate(`${T}.moves`, { list: moves.join(', ') }) : translate(`${T}.moves_none`)}
            </Typography>
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
        <Button variant="contained" color="warning" disabled={!preview} loading={busy} onClick={merge}>
          {translate(`${T}.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
