import { useId, useState, type ChangeEvent } from 'react';
import { useDataProvider, useRefresh, useTranslate } from 'react-admin';
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
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { IMPORT_FIELDS, type ImportMapping } from '@/domain/people/memberImport';
import type { FlockDataProvider } from '@/src/dataProvider';

/** A custom field the importer may map a column to (docs/decisions/0209). */
type ImportableField = { id: string; name: string; required: boolean };
type Sheet = { headers: string[]; rows: string[][]; mapping: ImportMapping; customFields?: ImportableField[] };
type CheckedRow = { line: number; firstName: string; surName: string; email: string; problems: string[] };
type Preview = { total: number; good: number; bad: number; rows: CheckedRow[] };
type Result = { imported: number; skipped: number };
type Kind = 'member' | 'firsttimer';

const STEPS = ['file', 'map', 'preview', 'done'] as const;
const T = 'flock.member_import';

/** Runs a call, keeping its error message for the dialog instead of a toast that hides the steps. */
function useStep() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = async <R,>(call: () => Promise<R>): Promise<R | undefined> => {
    setBusy(true);
    setError(undefined);
    try {
      return await call();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/** A field's column: one of the file's headers, or none. */
function ColumnSelect({
  label,
  headers,
  value,
  onChange,
}: {
  label: string;
  headers: string[];
  value?: number | null;
  onChange: (column: number | null) => void;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{translate(`${T}.not_in_file`)}</option>
      {headers.map((header, i) => (
        <option key={i} value={i}>
          {header || `#${i + 1}`}
        </option>
      ))}
    </TextField>
  );
}

/** Sets or clears one custom field's column in the mapping (mapping.custom, by field id). */
function withCustom(mapping: ImportMapping, id: string, column: number | null): ImportMapping {
  const { [id]: _, ...others } = mapping.custom ?? {};
  return { ...mapping, custom: column === null ? others : { ...others, [id]: column } };
}

/** The columns of the fields, then of the church's own fields the importer may write (a required one marked). */
function MappingStep({ sheet, onChange }: { sheet: Sheet; onChange: (m: ImportMapping) => void }) {
  const translate = useTranslate();
  const { mapping, headers } = sheet;
  return (
    <Stack spacing={2}>
      <Typography>{translate(`${T}.map_intro`, { rows: sheet.rows.length })}</Typography>
      {IMPORT_FIELDS.map((field) => (
        <ColumnSelect
          key={field}
          label={translate(`${T}.fields.${field}`)}
          headers={headers}
          value={mapping[field]}
          onChange={(column) => onChange({ ...mapping, [field]: column })}
        />
      ))}
      {!!sheet.customFields?.length && <Typography variant="subtitle2">{translate(`${T}.custom_fields`)}</Typography>}
      {sheet.customFields?.map((field) => (
        <ColumnSelect
          key={field.id}
          label={field.required ? translate(`${T}.required_field`, { name: field.name }) : field.name}
          headers={headers}
          value={mapping.custom?.[field.id]}
          onChange={(column) => onChange(withCustom(mapping, field.id, column))}
        />
      ))}
    </Stack>
  );
}

function PreviewStep({ preview }: { preview: Preview }) {
  const translate = useTranslate();
  // The preview answers the first rows with problems only.
  const bad = preview.rows;
  return (
    <Stack spacing={2}>
      <Alert severity={preview.bad ? 'warning' : 'success'}>
        {translate(`${T}.counts`, { rows: translate(`${T}.rows`, { smart_count: preview.total }), good: preview.good, bad: preview.bad })}
      </Alert>
      {bad.length === 0 ? (
        <Typography>{translate(`${T}.no_problems`)}</Typography>
      ) : (
        <>
          {preview.bad > bad.length && <Typography variant="body2">{translate(`${T}.shown`, { shown: bad.length })}</Typography>}
          <Table size="small" aria-label={translate(`${T}.problems`)}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${T}.line`)}</TableCell>
                <TableCell>{translate(`${T}.person`)}</TableCell>
                <TableCell>{translate(`${T}.problems`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {bad.map((row) => (
                <TableRow key={row.line}>
                  <TableCell>{row.line}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>
                    {[row.firstName, row.surName].filter(Boolean).join(' ')}
                    {row.email && <Typography variant="body2">{row.email}</Typography>}
                  </TableCell>
                  <TableCell>{row.problems.join('; ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Stack>
  );
}

/**
 * The import stepper: a CSV or XLSX file is read by the server, its columns mapped to the fields,
 * the rows checked (nothing written), then all of them imported or only the good ones.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const titleId = useId();
  const { busy, error, run } = useStep();
  const [kind, setKind] = useState<Kind>('member');
  const [sheet, setSheet] = useState<Sheet>();
  const [preview, setPreview] = useState<Preview>();
  const [result, setResult] = useState<Result>();
  const step = result ? 'done' : preview ? 'preview' : sheet ? 'map' : 'file';

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const read = await run(() => dataProvider.uploadMemberImport<Sheet>({ file }));
    if (read) setSheet(read.data);
  };
  const check = async () => {
    const checked = await run(() => dataProvider.previewMemberImport<Preview>({ rows: sheet!.rows, mapping: sheet!.mapping, kind }));
    if (checked) setPreview(checked.data);
  };
  const commit = async (mode: 'all' | 'good') => {
    const done = await run(() => dataProvider.commitMemberImport<Result>({ rows: sheet!.rows, mapping: sheet!.mapping, kind, mode }));
    if (!done) return;
    setResult(done.data);
    refresh();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(`${T}.title`)}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={STEPS.indexOf(step)} alternativeLabel sx={{ mb: 2 }}>
          {STEPS.map((s) => (
            <Step key={s}>
              <StepLabel>{translate(`${T}.steps.${s}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 'file' && (
          <Stack spacing={2}>
            <FormLabel id={`${titleId}-kind`}>{translate(`${T}.kind`)}</FormLabel>
            <RadioGroup row aria-labelledby={`${titleId}-kind`} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              <FormControlLabel value="member" control={<Radio />} label={translate(`${T}.kinds.member`)} />
              <FormControlLabel value="firsttimer" control={<Radio />} label={translate(`${T}.kinds.firsttimer`)} />
            </RadioGroup>
            <Typography variant="body2">{translate(`${T}.file_hint`)}</Typography>
            <Button variant="outlined" component="label" loading={busy} loadingPosition="start">
              {translate(`${T}.file`)}
              <input type="file" hidden accept=".csv,.xlsx,text/csv" aria-label={translate(`${T}.file`)} onChange={choose} />
            </Button>
          </Stack>
        )}
        {step === 'map' && <MappingStep sheet={sheet!} onChange={(mapping) => setSheet({ ...sheet!, mapping })} />}
        {step === 'preview' && <PreviewStep preview={preview!} />}
        {step === 'done' && (
          <Alert severity="success">
            {translate(`${T}.result`, {
              imported: translate(`${T}.imported`, { smart_count: result!.imported }),
              skipped: translate(`${T}.skipped`, { smart_count: result!.skipped }),
            })}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step === 'done' ? (
          <Button variant="contained" onClick={onClose}>
            {translate(`${T}.close`)}
          </Button>
        ) : (
          <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
        )}
        {step === 'map' && (
          <>
            <Button onClick={() => setSheet(undefined)}>{translate(`${T}.back`)}</Button>
            <Button variant="contained" loading={busy} onClick={check}>
              {translate(`${T}.check`)}
            </Button>
          </>
        )}
        {step === 'preview' && (
          <>
            <Button onClick={() => setPreview(undefined)}>{translate(`${T}.back`)}</Button>
            <Button variant="outlined" disabled={preview!.bad > 0 || busy} onClick={() => commit('all')}>
              {translate(`${T}.import_all`)}
            </Button>
            <Button variant="contained" disabled={preview!.good === 0} loading={busy} onClick={() => commit('good')}>
              {translate(`${T}.import_good`)}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The members screen's Import button, for those who may create accounts. */
export function ImportButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {translate(`${T}.button`)}
      </Button>
      {open && <ImportDialog onClose={() => setOpen(false)} />}
    </>
  );
}
