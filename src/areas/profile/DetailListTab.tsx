import { useState, type ReactNode } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import {
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { z } from 'zod';
import { fieldLabel } from './inputs';
import { ProfileForm } from './ProfileForm';
import { TabBody } from './TabBody';
import { StaleRecordAlert } from '@/src/common/StaleRecordNotice';
import { DETAIL_MESSAGES, useCreateOrUpdate, useMemberRows, type Viewer } from './useProfile';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';

export type Mode = 'create' | 'edit';
export type DetailColumn = { source: string; render?: (row: RaRecord) => ReactNode };

export type DetailListConfig = {
  resource: 'qualifications' | 'children';
  /** flock.profile.<texts>: add, empty, add_title, edit_title, delete_title. */
  texts: string;
  columns: DetailColumn[];
  schemas: Record<Mode, z.ZodType<object>>;
  /** A new row's values beside its owner (the child's surname). */
  newRecord?: Partial<RaRecord>;
  /** The form's inputs; some show only when editing (the child's position). */
  fields: (mode: Mode) => ReactNode;
  /** The row's name in dialog titles. */
  nameOf: (row: RaRecord) => string;
  order?: (rows: RaRecord[]) => RaRecord[];
};

type Editing = { mode: Mode; row?: RaRecord } | null;

/** Scrollable modal content is at most 400 px high. */
const DIALOG_CONTENT = { maxHeight: 400 };

/** Deleting a row asks first, then toasts 'Successfully Deleted'. */
function DeleteRow({ resource, row, title, onDeleted }: { resource: string; row: RaRecord; title: string; onDeleted: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [open, setOpen] = useState(false);
  const { loading, run } = useRemoteOperation();
  const confirm = async () => {
    const outcome = await run(() => dataProvider.delete(resource, { id: row.id, previousData: row }));
    setOpen(false);
    if (!outcome.ok) return notify(outcome.error.message, { type: 'error' });
    notify('flock.profile.toasts.deleted', { type: 'success' });
    onDeleted();
  };
  return (
    <>
      <IconButton aria-label={`${translate('flock.profile.delete')} ${title}`} onClick={() => setOpen(true)} size="small">
        <DeleteIcon fontSize="small" />
      </IconButton>
      <Confirm
        isOpen={open}
        loading={loading}
        title={title}
        content="flock.profile.delete_content"
        confirm="flock.profile.delete"
        cancel="flock.profile.cancel"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

type Props = { userId: string; viewer: Viewer; config: DetailListConfig };

/** A tab of a member's rows (qualifications, children): a table, and for editors add, edit and delete. */
export function DetailListTab({ userId, viewer, config }: Props) {
  const translate = useTranslate();
  const { resource, texts, columns, schemas, fields, nameOf, order = (rows) => rows } = config;
  const { data = [], isPending, error, refetch } = useMemberRows(resource, userId);
  const [editing, setEditing] = useState<Editing>(null);
  const [stale, setStale] = useState(false);
  const close = () => {
    setStale(false);
    setEditing(null);
  };
  const { save } = useCreateOrUpdate(
    resource,
    DETAIL_MESSAGES,
    () => {
      close();
      refetch();
    },
    () => setStale(true),
  );
  const text = (key: string, row?: RaRecord) => translate(`flock.profile.${texts}.${key}`, row ? { name: nameOf(row) } : {});
  return (
    <TabBody isPending={isPending} error={error?.message}>
      {viewer.canEdit && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'create' })}>
            {text('add')}
          </Button>
        </Box>
      )}
      {data.length === 0 ? (
        <Typography color="text.secondary">{text('empty')}</Typography>
      ) : (
        // In a container, which the layout lets scroll sideways: five columns are wider than a phone.
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.source}>{translate(fieldLabel(c.source))}</TableCell>
                ))}
                {viewer.canEdit && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {order(data).map((row) => (
                <TableRow key={row.id}>
                  {columns.map((c) => (
                    <TableCell key={c.source}>{c.render ? c.render(row) : row[c.source]}</TableCell>
                  ))}
                  {viewer.canEdit && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton
                        aria-label={`${translate('flock.profile.edit')} ${nameOf(row)}`}
                        onClick={() => setEditing({ mode: 'edit', row })}
                        size="small"
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                      <DeleteRow resource={resource} row={row} title={text('delete_title', row)} onDeleted={refetch} />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <Dialog open onClose={close} fullWidth maxWidth="sm">
          <DialogTitle>{editing.row ? text('edit_title', editing.row) : text('add_title')}</DialogTitle>
          <DialogContent sx={DIALOG_CONTENT}>
            {stale && (
              <StaleRecordAlert
                onReload={() => {
                  // The row as it is now is in the refreshed table, to be opened again.
                  close();
                  refetch();
                }}
                onKeep={() => setStale(false)}
              />
            )}
            <ProfileForm
              record={editing.row ?? { ...config.newRecord, userId }}
              schema={schemas[editing.mode]}
              onSubmit={(values) => save(editing.row, { ...values, userId })}
              locked={false}
            >
              {fields(editing.mode)}
            </ProfileForm>
          </DialogContent>
        </Dialog>
      )}
    </TabBody>
  );
}
