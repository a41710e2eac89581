import { useState } from 'react';
import { useGetOne, useTranslate, type Identifier } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Drawer,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { diffOf, FOLD_AT, humanize, localTime, valueText } from './auditFormat';
import { useAuditLabels, type AuditRow } from './useAuditLabels';
import { churchTimeZone, intlLocale } from '@/src/i18n/formats';

type Entry = AuditRow & { before: unknown; after: unknown };

/** A value, folded past FOLD_AT characters until the reader asks for all of it. */
function Value({ value }: { value: unknown }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const text = valueText(value);
  if (text === undefined) return <Typography color="text.secondary">{translate('flock.audit.panel.not_set')}</Typography>;
  const long = text.length > FOLD_AT;
  return (
    <Box sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {long && !open ? `${text.slice(0, FOLD_AT)}…` : text}
      {long && (
        <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
          {translate(open ? 'flock.audit.panel.show_less' : 'flock.audit.panel.show_all')}
        </Button>
      )}
    </Box>
  );
}

/** The field's label from the profile's texts, else the audit screen's, else its name in words. */
function useFieldLabel() {
  const translate = useTranslate();
  return (field: string) =>
    translate(`flock.profile.fields.${field}`, { _: translate(`flock.audit.fields.${field}`, { _: humanize(field) }) });
}

function EntryBody({ entry }: { entry: Entry }) {
  const translate = useTranslate();
  const labels = useAuditLabels();
  const fieldLabel = useFieldLabel();
  const rows = diffOf(entry.before, entry.after);
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {localTime(entry.createdAt, intlLocale(), churchTimeZone())} · {entry.ip ?? ''}
      </Typography>
      <Typography sx={{ mt: 1 }}>
        {translate('flock.audit.panel.summary', { who: labels.who(entry), action: labels.action(entry.action), what: labels.what(entry) })}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {labels.outcome(entry.outcome)}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{translate('flock.audit.panel.no_fields')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('flock.audit.panel.changes')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('flock.audit.panel.field')}</TableCell>
              <TableCell>{translate('flock.audit.panel.before')}</TableCell>
              <TableCell>{translate('flock.audit.panel.after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.field}>
                <TableCell component="th" scope="row">
                  {fieldLabel(row.field)}
                </TableCell>
                <TableCell>
                  <Value value={row.before} />
                </TableCell>
                <TableCell>
                  <Value value={row.after} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}

function EntryLoader({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne<Entry>('auditLogs', { id: String(id) });
  if (isPending) return <CircularProgress aria-label={translate('flock.audit.panel.loading')} />;
  if (error || !data)
    return <Alert severity="error">{translate('flock.audit.panel.error', { message: (error as Error | null)?.message ?? '' })}</Alert>;
  return <EntryBody entry={data} />;
}

/** The side panel of one entry: the change as a readable diff. Escape or the close button shuts it, and focus goes back to the row. */
export function AuditEntryPanel({ id, onClose }: { id: Identifier | null; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Drawer anchor="right" open={id !== null} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 }, p: 2 } } }}>
      <Box role="region" aria-labelledby="audit-entry-title">
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography id="audit-entry-title" component="h2" variant="h6" sx={{ flex: 1 }}>
            {translate('flock.audit.panel.title')}
          </Typography>
          <IconButton onClick={onClose} aria-label={translate('flock.audit.panel.close')}>
            <CloseIcon />
          </IconButton>
        </Box>
        {id !== null && <EntryLoader id={id} />}
      </Box>
    </Drawer>
  );
}
