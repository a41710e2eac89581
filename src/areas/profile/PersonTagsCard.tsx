import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate, type HttpError } from 'react-admin';
import { Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery } from '@tanstack/react-query';
import type { PersonTag, Tag } from '@/domain/people/tags';
import { useAllows } from '@/src/authProvider/useAllows';
import { TagChip } from '@/src/common/TagChip';
import type { FlockDataProvider } from '@/src/dataProvider';

const t = (key: string) => `flock.tags.${key}`;

/** The office adds a tag to this one person, or takes one off: the selection call with one id. */
function TagEditor({ userId, held, onChanged }: { userId: string; held: PersonTag[]; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const { data: all = [] } = useQuery({ queryKey: ['tags', 'all'], queryFn: async () => (await api.getTags<Tag[]>()).data });
  const [tagId, setTagId] = useState('');
  const change = async (id: string, action: 'add' | 'remove') => {
    try {
      await api.applyTag({ tagId: id, action, userIds: [userId] });
      notify(t(action === 'add' ? 'added' : 'removed'), { type: 'success', messageArgs: { smart_count: 1 } });
      setTagId('');
      onChanged();
    } catch (err) {
      notify((err as HttpError).message, { type: 'error' });
    }
  };
  const free = all.filter((tag) => !held.some((h) => h.id === tag.id));
  return (
    <>
      {held.map((tag) => (
        <Button
          key={tag.id}
          startIcon={<CloseIcon />}
          aria-label={translate(t('remove_one'), { name: tag.name })}
          onClick={() => change(tag.id, 'remove')}
          sx={{ minHeight: 44, mr: 1 }}
        >
          {tag.name}
        </Button>
      ))}
      {free.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
          <TextField
            id="profile-tag"
            select
            size="small"
            sx={{ minWidth: 160 }}
            label={translate(t('choose'))}
            value={tagId}
            onChange={(e) => setTagId(e.target.value)}
          >
            {free.map((tag) => (
              <MenuItem key={tag.id} value={tag.id}>
                <TagChip tag={tag} />
              </MenuItem>
            ))}
          </TextField>
          <Button disabled={!tagId} onClick={() => change(tagId, 'add')} sx={{ minHeight: 44 }}>
            {translate(t('add'))}
          </Button>
        </Box>
      )}
    </>
  );
}

/**
 * A person's tags on their profile (docs/decisions/0212), for the office and whoever reads the
 * member list and profiles; the office adds and removes them here one at a time (on a phone too).
 */
export function PersonTagsCard({ userId }: { userId: string }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const mayEdit = useAllows('tags', 'view');
  const {
    data: held = [],
    refetch,
    isSuccess,
  } = useQuery({
    queryKey: ['personTags', userId],
    queryFn: async () => (await api.getPersonTags<PersonTag[]>({ userId })).data,
  });
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} aria-label={translate(t('on_profile'))} role="group">
          <Typography component="h2" variant="h6">
            {translate(t('on_profile'))}
          </Typography>
          {held.map((tag) => (
            <TagChip key={tag.id} tag={tag} />
          ))}
          {isSuccess && held.length === 0 && <Typography variant="body2">{translate(t('none_on_profile'))}</Typography>}
        </Box>
        {mayEdit && isSuccess && <TagEditor userId={userId} held={held} onChanged={() => void refetch()} />}
      </CardContent>
    </Card>
  );
}
