import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Button, ListItem, ListItemText, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { TAG_COLOURS, type Tag, type TagColour } from '@/domain/people/tags';
import { PageHeader } from '@/src/common/crud';
import { ListCard } from '@/src/common/ListCard';
import { NameDialog } from '@/src/common/NameDialog';
import { useListAction } from '@/src/common/useListAction';
import type { FlockDataProvider } from '@/src/dataProvider';
import { TagChip } from '@/src/common/TagChip';

const t = (key: string) => `flock.tags.${key}`;
type Draft = { name: string; colour: TagColour | null };

/** Every tag, with how many people hold it. */
export function useTags(enabled = true) {
  const api = useDataProvider<FlockDataProvider>();
  return useQuery({ queryKey: ['tags', 'all'], queryFn: async () => (await api.getTags<Tag[]>()).data, enabled });
}

/** Adds or renames a tag: its name and colour. */
function TagDialog({ tag, onClose, onSave }: { tag: Tag | null; onClose: () => void; onSave: (d: Draft) => Promise<void> }) {
  const translate = useTranslate();
  const [colour, setColour] = useState<TagColour | ''>(tag?.colour ?? '');
  return (
    <NameDialog
      title={translate(t(tag ? 'edit_title' : 'add_title'))}
      label={translate(t('name'))}
      initialName={tag?.name}
      helperText={translate(t('name_help'))}
      onClose={onClose}
      onSave={(name) => onSave({ name, colour: colour || null })}
    >
      <TextField select label={translate(t('colour'))} value={colour} onChange={(e) => setColour(e.target.value as TagColour)}>
        <MenuItem value="">{translate(t('no_colour'))}</MenuItem>
        {TAG_COLOURS.map((value) => (
          <MenuItem key={value} value={value}>
            <TagChip tag={{ name: translate(t(`colours.${value}`)), colour: value }} />
          </MenuItem>
        ))}
      </TextField>
    </NameDialog>
  );
}

/**
 * /tags (CAN_UPDATE_TAGS): the church's tags on people (docs/decisions/0212). Add, rename,
 * recolour and delete (which takes the tag off everyone, after a confirmation naming how many).
 * Tags are put on people from the member list's selection.
 */
export function TagsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const { data: tags = [], isPending, error, refetch } = useTags();
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);

  const save = async (draft: Draft) => {
    if (editing === 'new') await api.createTag(draft);
    else await api.updateTag({ id: editing!.id, ...draft });
    setEditing(null);
    notify(t('saved'), { type: 'success' });
    await refetch();
  };
  const act = useListAction(refetch);
  const remove = (tag: Tag) => {
    setDeleting(null);
    return act(() => api.deleteTag({ id: tag.id }), t('deleted'));
  };

  return (
    <>
      <PageHeader
        title={translate('flock.routes.tags.title')}
        subtitle={translate(t('intro'))}
        actions={
          <Button variant="contained" onClick={() => setEditing('new')}>
            {translate(t('add'))}
          </Button>
        }
      />
      <ListCard label={translate(t('list'))} isPending={isPending} error={error} count={tags.length} empty={translate(t('empty'))}>
        {tags.map((tag) => (
          <ListItem key={tag.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
            <TagChip tag={tag} />
            <ListItemText secondary={translate(t('people'), { smart_count: tag.people })} />
            <Button onClick={() => setEditing(tag)} aria-label={translate(t('edit'), { name: tag.name })}>
              {translate('flock.profile.edit')}
            </Button>
            <Button color="error" onClick={() => setDeleting(tag)} aria-label={translate(t('delete'), { name: tag.name })}>
              {translate('flock.profile.delete')}
            </Button>
          </ListItem>
        ))}
      </ListCard>
      {editing && <TagDialog tag={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSave={save} />}
      <Confirm
        isOpen={!!deleting}
        title={translate(t('delete_title'), { name: deleting?.name ?? '' })}
        content={translate(t('delete_content'), { smart_count: deleting?.people ?? 0 })}
        onClose={() => setDeleting(null)}
        onConfirm={() => remove(deleting!)}
      />
    </>
  );
}
