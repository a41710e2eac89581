import { useEffect, useId, useState, type MouseEvent } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Tooltip,
} from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import type { PendingRecord } from './decisions';
import { formatInstant } from '@/src/i18n/formats';

/** A request's history as the detail calls answer it: who did what, when, with the decision's comment. */
export type HistoryEntry = { id: string; action: string; actorName: string | null; comment: string | null; at: string };
export type Viewing = { record: PendingRecord; name: string };

/** Opens a request's history; inside a clickable row, it does not act on the row too. */
export function HistoryButton({ onOpen, name }: { onOpen: (v: Viewing) => void; name: (r: PendingRecord) => string }) {
  const translate = useTranslate();
  const record = useRecordContext<PendingRecord>();
  if (!record) return null;
  const open = (event: MouseEvent) => {
    event.stopPropagation();
    onOpen({ record, name: name(record) });
  };
  return (
    <Tooltip title={translate('flock.gatherings.history')}>
      <IconButton size="small" aria-label={translate('flock.gatherings.history_of', { name: name(record) })} onClick={open}>
        <HistoryIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

const KNOWN = ['create', 'update', 'approve', 'reject', 'delete', 'report-create', 'report-update', 'report-delete'];

function HistoryLine({ entry }: { entry: HistoryEntry }) {
  const translate = useTranslate();
  const action = KNOWN.includes(entry.action) ? entry.action : 'update';
  const who = entry.actorName ?? translate('flock.gatherings.someone');
  const when = formatInstant(entry.at, { dateStyle: 'long', timeStyle: 'short' });
  return (
    <ListItem disableGutters divider>
      <ListItemText
        primary={translate(`flock.gatherings.history_actions.${action}`, { name: who })}
        secondary={entry.comment ? `${when} · ${translate('flock.gatherings.history_comment', { comment: entry.comment })}` : when}
      />
    </ListItem>
  );
}

/** The detail of one request: its history, loaded when the dialog opens. */
export function HistoryDialog({
  viewing,
  load,
  onClose,
}: {
  viewing: Viewing;
  load: (p: { id: string }) => Promise<{ data: unknown }>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const [history, setHistory] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = viewing.record.id;
  useEffect(() => {
    let live = true;
    load({ id }).then(
      (result) => live && setHistory((result.data as { history: HistoryEntry[] }).history),
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [id, load]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('flock.gatherings.history_title', { name: viewing.name })}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{error}</Alert>}
        {!error && !history && <CircularProgress size={24} aria-label={translate('flock.loading')} />}
        {history && history.length === 0 && <Alert severity="info">{translate('flock.gatherings.history_empty')}</Alert>}
        {history && history.length > 0 && (
          <List dense aria-label={translate('flock.gatherings.history')}>
            {history.map((entry) => (
              <HistoryLine key={entry.id} entry={entry} />
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('flock.notifications.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
