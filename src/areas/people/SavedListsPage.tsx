import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate, type HttpError } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import type { SavedList } from '@/domain/people/savedLists';
import { PageHeader } from '@/src/common/crud';
import { usePhone } from '@/src/common/RecordCards';
import type { FlockDataProvider } from '@/src/dataProvider';
import { memberListPath, useSavedLists } from './savedListsData';

const t = (key: string) => `flock.saved_lists.${key}`;

/** Renames a list; the server's refusal shows under the name. */
function RenameDialog({ list, onClose, onSave }: { list: SavedList; onClose: () => void; onSave: (name: string) => Promise<void> }) {
  const translate = useTranslate();
  const [name, setName] = useState(list.name);
  const [error, setError] = useState<string>();
  const submit = async () => {
    try {
      await onSave(name);
    } catch (err) {
      setError((err as HttpError).message);
    }
  };
  return (
    <Dialog open onClose={onClose} fullScreen={usePhone()} fullWidth maxWidth="xs" aria-labelledby="rename-list-title">
      <DialogTitle id="rename-list-title">{translate(t('rename_title'))}</DialogTitle>
      <DialogContent>
        <TextField
          id="rename-list-name"
          fullWidth
          sx={{ mt: 1 }}
          label={translate(t('name'))}
          value={name}
          required
          onChange={(e) => setName(e.target.value)}
          error={!!error}
          helperText={error}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
        <Button variant="contained" onClick={submit}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Who a list is for, and who saved it when it is not the caller. */
function useDescription() {
  const translate = useTranslate();
  return (list: SavedList) =>
    [translate(t(list.shared ? 'shared' : 'private')), !list.mine && list.ownerName ? translate(t('by'), { name: list.ownerName }) : '']
      .filter(Boolean)
      .join(' · ');
}

/**
 * /saved-lists (docs/decisions/0214-saved-lists.md): the caller's saved lists and the office's
 * shared ones. Open one in the member list (its current members and count), rename or delete
 * it (its owner; a shared one, the office too).
 */
export function SavedListsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const describe = useDescription();
  const { data: lists = [], isPending, error, refetch } = useSavedLists();
  const [renaming, setRenaming] = useState<SavedList | null>(null);
  const [deleting, setDeleting] = useState<SavedList | null>(null);

  const rename = async (name: string) => {
    await api.renameSavedList({ id: renaming!.id, name });
    setRenaming(null);
    notify(t('renamed'), { type: 'success' });
    await refetch();
  };
  const remove = async (list: SavedList) => {
    setDeleting(null);
    try {
      await api.deleteSavedList({ id: list.id });
      notify(t('deleted'), { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
    await refetch();
  };

  return (
    <>
      <PageHeader title={translate('flock.routes.savedLists.title')} subtitle={translate(t('intro'))} />
      <Card>
        {isPending && <LinearProgress aria-label={translate('flock.loading')} />}
        {error && <Alert severity="error">{(error as Error).message}</Alert>}
        {!isPending && !error && lists.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate(t('none'))}
          </Typography>
        )}
        <List aria-label={translate(t('list'))}>
          {lists.map((list) => (
            <ListItem key={list.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText primary={list.name} secondary={describe(list)} sx={{ minWidth: 200 }} />
              <Button
                component={RouterLink}
                to={memberListPath(list.filter)}
                variant="outlined"
                sx={{ minHeight: 44 }}
                aria-label={translate(t('open_list'), { name: list.name })}
              >
                {translate(t('open'))}
              </Button>
              {list.mayChange && (
                <>
                  <Button onClick={() => setRenaming(list)} sx={{ minHeight: 44 }} aria-label={translate(t('rename'), { name: list.name })}>
                    {translate('flock.profile.edit')}
                  </Button>
                  <Button
                    color="error"
                    onClick={() => setDeleting(list)}
                    sx={{ minHeight: 44 }}
                    aria-label={translate(t('delete'), { name: list.name })}
                  >
                    {translate('flock.profile.delete')}
                  </Button>
                </>
              )}
            </ListItem>
          ))}
        </List>
      </Card>
      {renaming && <RenameDialog list={renaming} onClose={() => setRenaming(null)} onSave={rename} />}
      <Confirm
        isOpen={!!deleting}
        title={translate(t('delete_title'), { name: deleting?.name ?? '' })}
        content={translate(t('delete_content'))}
        onClose={() => setDeleting(null)}
        onConfirm={() => remove(deleting!)}
      />
    </>
  );
}
