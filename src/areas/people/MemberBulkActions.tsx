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
import type { FlockDataProvider } from '@/src/dataProvider';
import { useAllows } from '@/src/authProvider/useAllows';
import { useTags } from './TagsPage';
import { TagChip } from '@/src/common/TagChip';

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

/** The CSV of the selected rows only: the list asks for them by id (they may lie on other pages). */
function ExportSelectedButton({ exporter }: { exporter: Exporter }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const { selectedIds, resource, sort } = useListContext();
  const exportSelected = async () => {
    try {
      const { data } = await api.getList<RaRecord>(resource, {
        filter: { id: selectedIds },
        pagination: { page: 1, perPage: selectedIds.length },
        sort,
        meta: { withCustomFields: true },
      });
      await exporter(data, () => Promise.resolve({}), api, resource);
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
 * The member list's actions on a selection (docs/decisions/0212): add or remove a tag (the office)
 * and export the selected rows. The selection is the table's (desktop); a phone's cards tag one
 * person at a time from the profile.
 */
export function MemberBulkActions({ exporter }: { exporter: Exporter }) {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const mayTag = useAllows('tags', 'view');
  const [action, setAction] = useState<Action | null>(null);
  return (
    <>
      {mayTag && (
        <>
          <Button size="small" startIcon={<LabelIcon />} onClick={() => setAction('add')}>
            {translate(t('bulk_add'))}
          </Button>
          <Button size="small" startIcon={<LabelOffIcon />} onClick={() => setAction('remove')}>
            {translate(t('bulk_remove'))}
          </Button>
        </>
      )}
      <ExportSelectedButton exporter={exporter} />
      {action && <ApplyTagDialog action={action} ids={selectedIds} onClose={() => setAction(null)} />}
    </>
  );
}
