import { useState } from 'react';
import { DeleteButton, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { CrudFormDialog, type DialogState } from './CrudFormDialog';
import { EmptyNote } from './EmptyNote';
import { inputOf } from './inputs';
import { TableList } from './TableList';
import type { ApiRecord, CrudDefinition, CrudResource } from './types';
import { useAllows } from '@/src/authProvider/useAllows';

type AddProps = { resource: CrudResource; onClick: () => void; to?: string };

/** The Add button, for those whose permissions let them create this kind of record: a dialog, or a page when `to` names one. */
export function AddButton({ resource, onClick, to }: AddProps) {
  const translate = useTranslate();
  const canAccess = useAllows(resource, 'create');
  if (!canAccess) return null;
  const name = translate(`resources.${resource}.name`, { smart_count: 1 }).toLowerCase();
  const opens = to ? { component: Link, to } : { onClick };
  return (
    <Button variant="contained" size="small" startIcon={<AddIcon />} {...opens}>
      {translate('flock.crud.create_title', { name })}
    </Button>
  );
}

function EditRowButton({ resource, onEdit }: { resource: CrudResource; onEdit: (id: string) => void }) {
  const translate = useTranslate();
  const record = useRecordContext<ApiRecord>();
  const canAccess = useAllows(resource, 'edit');
  if (!canAccess || !record) return null;
  return (
    <Tooltip title={translate('flock.crud.edit')}>
      <IconButton size="small" aria-label={translate('flock.crud.edit')} onClick={() => onEdit(record.id)}>
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** The row's links, its edit button and its delete button (which confirms, and shows a refusal). */
function RowActions({ definition, onEdit }: { definition: CrudDefinition; onEdit: (id: string) => void }) {
  const translate = useTranslate();
  const record = useRecordContext<ApiRecord>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' }}>
      {definition.rowLinks?.map((link) => (
        <Button key={link.label} size="small" component={Link} to={link.to(record)}>
          {translate(link.label)}
        </Button>
      ))}
      <EditRowButton resource={definition.resource} onEdit={onEdit} />
      <DeleteButton
        mutationMode="pessimistic"
        redirect={false}
        successMessage="flock.crud.deleted"
        confirmTitle={translate('flock.crud.delete_title', { name: record[definition.nameField] })}
        confirmContent="flock.crud.delete_content"
      />
    </Box>
  );
}

export type CrudListProps = {
  definition: CrudDefinition;
  /** A permanent filter: the list shows only these records (a zone's centers). */
  filter?: Record<string, unknown>;
  /** Values a new record takes from the page, not the form (the zone of a zone's center). */
  fixed?: Record<string, unknown>;
  /** A list inside another record's page: its state stays out of the address and the store. */
  nested?: boolean;
};

/**
 * THE generic list of the definition table: search, the definition's filters, sortable columns,
 * paging, CSV export, add and edit in a dialog, and delete with a confirmation.
 */
export function CrudList({ definition, filter, fixed, nested = false }: CrudListProps) {
  const { resource, columns } = definition;
  const [dialog, setDialog] = useState<DialogState>(null);
  const add = <AddButton resource={resource} onClick={() => setDialog({ mode: 'create' })} to={definition.createPath} />;
  const filters = (definition.filters ?? []).filter((f) => !(f.source in (filter ?? {}))).map((f) => inputOf(f, { alwaysOn: true }));
  return (
    <>
      <TableList
        resource={resource}
        columns={columns}
        filter={filter}
        filters={filters}
        nested={nested}
        toolbar={add}
        empty={<EmptyNote text={`resources.${resource}.empty`} action={add} />}
        rowActions={<RowActions definition={definition} onEdit={(id) => setDialog({ mode: 'edit', id })} />}
      />
      <CrudFormDialog definition={definition} fixed={fixed} state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
