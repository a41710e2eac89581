import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button, ListItem, ListItemText } from '@mui/material';
import type { SavedList } from '@/domain/people/savedLists';
import { PageHeader } from '@/src/common/crud';
import { ListCard } from '@/src/common/ListCard';
import { NameDialog } from '@/src/common/NameDialog';
import { useListAction } from '@/src/common/useListAction';
import type { FlockDataProvider } from '@/src/dataProvider';
import { memberListPath, useSavedLists } from './savedListsData';

const t = (key: string) => `flock.saved_lists.${key}`;

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
  const act = useListAction(refetch);
  const remove = (list: SavedList) => {
    setDeleting(null);
    return act(() => api.deleteSavedList({ id: list.id }), t('deleted'));
  };

  return (
    <>
      <PageHeader title={translate('flock.routes.savedLists.title')} subtitle={translate(t('intro'))} />
      <ListCard label={translate(t('list'))} isPending={isPending} error={error} count={lists.length} empty={translate(t('none'))}>
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
      </ListCard>
      {renaming && (
        <NameDialog
          title={translate(t('rename_title'))}
          label={translate(t('name'))}
          initialName={renaming.name}
          onClose={() => setRenaming(null)}
          onSave={rename}
        />
      )}
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
