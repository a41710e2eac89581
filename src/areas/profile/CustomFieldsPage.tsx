import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Box, Button, Chip, IconButton, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useQuery } from '@tanstack/react-query';
import type { CustomFieldDefinition } from '@/domain/profile/customFields';
import { PageHeader } from '@/src/common/crud';
import { ListCard } from '@/src/common/ListCard';
import { useListAction } from '@/src/common/useListAction';
import type { FlockDataProvider } from '@/src/dataProvider';
import { CustomFieldDialog, type FieldDraft } from './CustomFieldDialog';

const t = (key: string) => `flock.custom_field_definitions.${key}`;

/** Every field, retired ones too, in order. */
function useDefinitions() {
  const api = useDataProvider<FlockDataProvider>();
  return useQuery({
    queryKey: ['customFields', 'all'],
    queryFn: async () => (await api.getCustomFields<CustomFieldDefinition[]>({ includeRetired: true })).data,
  });
}

/**
 * /custom-fields (CAN_UPDATE_CUSTOM_FIELDS): the church's own fields on people (docs/decisions/0209).
 * Add, edit, move up and down, retire (the values stay; the field leaves profiles, lists and
 * imports) and restore; a field nobody holds a value of may be deleted, one with values is refused
 * by the server with a message saying to retire it.
 */
export function CustomFieldsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const { data: fields = [], isPending, error, refetch } = useDefinitions();
  const [editing, setEditing] = useState<CustomFieldDefinition | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomFieldDefinition | null>(null);

  const listAction = useListAction(refetch);
  const act = (work: () => Promise<unknown>, done: string) => listAction(work, t(done));
  const save = async (draft: FieldDraft) => {
    if (editing === 'new') await api.createCustomField(draft);
    else await api.updateCustomField({ ...editing, ...draft });
    setEditing(null);
    notify(t('saved'), { type: 'success' });
    await refetch();
  };
  const move = (index: number, by: number) => {
    const ids = fields.map((f) => f.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    return act(() => api.reorderCustomFields({ ids }), 'moved');
  };
  const retire = (field: CustomFieldDefinition, retired: boolean) =>
    act(() => api.updateCustomField({ ...field, retired }), retired ? 'retired' : 'restored');

  return (
    <>
      <PageHeader
        title={translate('flock.routes.customFields.title')}
        subtitle={translate(t('intro'))}
        actions={
          <Button variant="contained" onClick={() => setEditing('new')}>
            {translate(t('add'))}
          </Button>
        }
      />
      <ListCard label={translate(t('list'))} isPending={isPending} error={error} count={fields.length} empty={translate(t('empty'))}>
        {fields.map((field, index) => (
          <ListItem key={field.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              primary={field.name}
              secondary={[
                translate(t(`types.${field.type}`)),
                translate(t(`visibilities.${field.visibility}`)),
                field.required ? translate(t('required_short')) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
            {field.retired && <Chip label={translate(t('retired_chip'))} size="small" />}
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
              <IconButton aria-label={translate(t('move_up'), { name: field.name })} disabled={index === 0} onClick={() => move(index, -1)}>
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                aria-label={translate(t('move_down'), { name: field.name })}
                disabled={index === fields.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDownwardIcon />
              </IconButton>
              <Button onClick={() => setEditing(field)} aria-label={translate(t('edit'), { name: field.name })}>
                {translate('flock.profile.edit')}
              </Button>
              <Button
                onClick={() => retire(field, !field.retired)}
                aria-label={translate(t(field.retired ? 'restore' : 'retire'), { name: field.name })}
              >
                {translate(t(field.retired ? 'restore_short' : 'retire_short'))}
              </Button>
              <Button color="error" onClick={() => setDeleting(field)} aria-label={translate(t('delete'), { name: field.name })}>
                {translate('flock.profile.delete')}
              </Button>
            </Stack>
          </ListItem>
        ))}
      </ListCard>
      <Box sx={{ mt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {translate(t('retire_explained'))}
        </Typography>
      </Box>
      {editing && <CustomFieldDialog field={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSave={save} />}
      <Confirm
        isOpen={!!deleting}
        title={translate(t('delete_title'), { name: deleting?.name ?? '' })}
        content={translate(t('delete_content'))}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const field = deleting!;
          setDeleting(null);
          await act(() => api.deleteCustomField({ id: field.id }), 'deleted');
        }}
      />
    </>
  );
}
