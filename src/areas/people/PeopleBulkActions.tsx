import { useId, useState } from 'react';
import {
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  type Exporter,
  type HttpError,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import LabelIcon from '@mui/icons-material/Label';
import LabelOffIcon from '@mui/icons-material/LabelOff';
import MailIcon from '@mui/icons-material/Mail';
import { ComposeDialog, type Person } from '@/src/areas/notifications/ComposeDialog';
import type { Audiences } from '@/src/areas/notifications/types';
import { useAudiences } from '@/src/areas/notifications/useAudiences';
import type { FlockDataProvider } from '@/src/dataProvider';
import { useAllows } from '@/src/authProvider/useAllows';
import { useTags } from './TagsPage';
import { TagChip } from '@/src/common/TagChip';
import { InviteToMeetingButton, SelectAllMatchingButton, type MatchingCall } from './SelectionActions';

const t = (key: string) => `flock.tags.${key}`;
type Action = 'add' | 'remove';

/** Chooses a tag and adds it to (or removes it from) the selection in one call, all or none. */
function ApplyTagDialog({ action, ids, onClose }: { action: Action; ids: Identifier[]; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useDataProvider<FlockDataProvider>();
  const { onUnselectItems } = useListContext();
  const { data: tags = [] } = useTags();
  const [tagId, setTagId] = useState('');
  const [error, setError] = useState<string>();
  const titleId = useId();
  const apply = async () => {
    try {
      await api.applyTag({ tagId, action, userIds: ids.map(String) });
    } catch (err) {
      setError((err as HttpError).message);
      return;
    }
    notify(t(action === 'add' ? 'added' : 'removed'), { type: 'success', messageArgs: { smart_count: ids.length } });
    onUnselectItems();
    refresh();
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(t(`bulk_${action}_title`), { smart_count: ids.length })}</DialogTitle>
      <DialogContent>
        {tags.length === 0 && <Alert severity="info">{translate(t('no_tags_to_choose'))}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          id="bulk-tag"
          select
          fullWidth
          sx={{ mt: 1 }}
          label={translate(t('choose'))}
          value={tagId}
          onChange={(e) => setTagId(e.target.value)}
        >
          {tags.map((tag) => (
            <MenuItem key={tag.id} value={tag.id}>
              <TagChip tag={tag} />
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
        <Button variant="contained" disabled={!tagId} onClick={apply}>
          {translate(t('apply'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** How many ids one ask of the list names: the query string stays well within a server's limits. */
const IDS_PER_ASK = 100;

/**
 * The selected rows, asked of the list by id (they may lie on other pages, or be all that match
 * the filter: up to 1,000, docs/decisions/0214), a hundred ids at a time, within the list's
 * permanent filter (a department's members: docs/decisions/0222); a list held whole in the
 * browser gives them from its rows.
 */
function useSelectedRows(filter: Record<string, unknown> = {}, rows?: RaRecord[]) {
  const api = useDataProvider<FlockDataProvider>();
  const { selectedIds, resource, sort } = useListContext();
  return async () => {
    if (rows) return rows.filter((row) => selectedIds.includes(row.id));
    const asks = [];
    for (let i = 0; i < selectedIds.length; i += IDS_PER_ASK) {
      const ids = selectedIds.slice(i, i + IDS_PER_ASK);
      asks.push(
        api.getList<RaRecord>(resource, {
          filter: { ...filter, id: ids },
          pagination: { page: 1, perPage: ids.length },
          sort,
          meta: { withCustomFields: true },
        }),
      );
    }
    return (await Promise.all(asks)).flatMap((r) => r.data);
  };
}

/** Where the selected rows come from: the list's permanent filter, or its rows when it is held whole. */
type RowSource = { filter?: Record<string, unknown>; rows?: RaRecord[] };

/** The CSV of the selected rows only. */
function ExportSelectedButton({ exporter, filter, rows }: RowSource & { exporter: Exporter }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const { resource } = useListContext();
  const selectedRows = useSelectedRows(filter, rows);
  const exportSelected = async () => {
    try {
      await exporter(await selectedRows(), () => Promise.resolve({}), api, resource);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={exportSelected}>
      {translate(t('bulk_export'))}
    </Button>
  );
}

/**
 * 'Message them': the notification composer with the selection as its chosen people (its
 * 'people' audience). The server still checks each of them is within the sender's reach.
 */
function MessageThemButton({ audiences, filter, rows }: RowSource & { audiences: Audiences }) {
  const translate = useTranslate();
  const notify = useNotify();
  const selectedRows = useSelectedRows(filter, rows);
  const [chosen, setChosen] = useState<Person[] | null>(null);
  const open = async () => {
    try {
      setChosen((await selectedRows()).map((r) => ({ id: String(r.id), label: `${r.fullName} (${r.email})` })));
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      <Button size="small" startIcon={<MailIcon />} onClick={open}>
        {translate(t('bulk_message'))}
      </Button>
      {chosen && <ComposeDialog audiences={audiences} chosen={chosen} onClose={() => setChosen(null)} />}
    </>
  );
}

type Props = RowSource & {
  /** The CSV of the selected rows; by default the list's own exporter. */
  exporter?: Exporter;
  /**
   * The call that resolves the list's 'Select all that match' on the server (docs/decisions 0214,
   * 0229); a list held whole in the browser (given its rows) selects them all without one.
   */
  selectAll?: MatchingCall;
};

/**
 * The actions on a selection of any list of people (docs/decisions/0212, 0214, 0222, 0229): add
 * or remove a tag (the office), export the selected rows, write to them (those who may write to
 * chosen people) and invite them to a meeting the caller called; select all that match the
 * filter first. The desktop table shows them over its rows, a phone's cards in their select
 * mode's bar (src/common/SelectionBar.tsx). Each call is checked again on the server with the
 * caller's rights and the listing rule; with nobody selected, only what selects is offered.
 */
export function PeopleBulkActions({ exporter, filter, rows, selectAll }: Props) {
  const translate = useTranslate();
  const { selectedIds, exporter: listExporter } = useListContext();
  const mayTag = useAllows('tags', 'view');
  const mayInvite = useAllows('meetings', 'edit');
  const audiences = useAudiences();
  const [action, setAction] = useState<Action | null>(null);
  const exportWith = exporter ?? listExporter;
  const any = selectedIds.length > 0;
  return (
    <>
      {(selectAll || rows) && <SelectAllMatchingButton call={selectAll} filter={filter} rows={rows} />}
      {any && mayTag && (
        <>
          <Button size="small" startIcon={<LabelIcon />} onClick={() => setAction('add')}>
            {translate(t('bulk_add'))}
          </Button>
          <Button size="small" startIcon={<LabelOffIcon />} onClick={() => setAction('remove')}>
            {translate(t('bulk_remove'))}
          </Button>
        </>
      )}
      {any && exportWith && <ExportSelectedButton exporter={exportWith} filter={filter} rows={rows} />}
      {any && audiences?.kinds.includes('people') && <MessageThemButton audiences={audiences} filter={filter} rows={rows} />}
      {any && mayInvite && <InviteToMeetingButton />}
      {action && <ApplyTagDialog action={action} ids={selectedIds} onClose={() => setAction(null)} />}
    </>
  );
}
