import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate, type HttpError } from 'react-admin';
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
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { TAG_COLOURS, type Tag, type TagColour } from '@/domain/people/tags';
import { PageHeader } from '@/src/common/crud';
import { usePhone } from '@/src/common/RecordCards';
import type { FlockDataProvider } from '@/src/dataProvider';
import { TagChip } from '@/src/common/TagChip';

const t = (key: string) => `flock.tags.${key}`;
type Draft = { name: string; colour: TagColour | null };

/** Every tag, with how many people hold it. */
export function useTags(enabled = true) {
  const api = useDataProvider<FlockDataProvider>();
  return useQuery({ queryKey: ['tags', 'all'], queryFn: async () => (await api.getTags<Tag[]>()).data, enabled });
}

/** Adds or renames a tag: its name and colour; the server's refusal shows under the name. */
function TagDialog({ tag, onClose, onSave }: { tag: Tag | null; onClose: () => void; onSave: (d: Draft) => Promise<void> }) {
  const translate = useTranslate();
  const [name, setName] = useState(tag?.name ?? '');
  const [colour, setColour] = useState<TagColour | ''>(tag?.colour ?? '');
  const [error, setError] = useState<string>();
  const submit = async () => {
    try {
      await onSave({ name, colour: colour || null });
    } catch (err) {
      setError((err as HttpError).message);
    }
  };
  return (
    <Dialog open onClose={onClose} fullScreen={usePhone()} fullWidth maxWidth="xs" aria-labelledby="tag-dialog-title">
      <DialogTitle id="tag-dialog-title">{translate(t(tag ? 'edit_title' : 'add_title'))}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            id="tag-name"
            label={translate(t('name'))}
            value={name}
            required
            onChange={(e) => setName(e.target.value)}
            error={!!error}
            helperText={error ?? translate(t('name_help'))}
          />
          <TextField
            id="tag-colour"
            select
            label={translate(t('colour'))}
            value={colour}
            onChange={(e) => setColour(e.target.value as TagColour)}
          >
            <MenuItem value="">{translate(t('no_colour'))}</MenuItem>
            {TAG_COLOURS.map((value) => (
              <MenuItem key={value} value={value}>
                <TagChip tag={{ name: translate(t(`colours.${value}`)), colour: value }} />
              </MenuItem>
            ))}
          </TextField>
        </Stack>
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
  const remove = async (tag: Tag) => {
    setDeleting(null);
    try {
      await api.deleteTag({ id: tag.id });
      notify(t('deleted'), { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
    await refetch();
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
      <Card>
        {isPending && <LinearProgress aria-label={translate('flock.loading')} />}
        {error && <Alert severity="error">{(error as Error).message}</Alert>}
        {!isPending && !error && tags.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate(t('empty'))}
          </Typography>
        )}
        <List aria-label={translate(t('list'))}>
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
        </List>
      </Card>
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
