import { useMemo } from 'react';
import { Form, SaveButton, useRecordContext, useTranslate } from 'react-admin';
import { Button, CardActions, CardContent, CircularProgress, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { schemaResolver } from '@/src/common/schemaResolver';
import { inputOf, isRequiredIn } from './inputs';
import type { ApiRecord, CrudDefinition } from './types';

/** Scrollable modal content at most 400 px high. */
const CONTENT_MAX_HEIGHT = 400;

const PARTS = {
  dialog: { Content: DialogContent, Actions: DialogActions, contentProps: { dividers: true, sx: { maxHeight: CONTENT_MAX_HEIGHT } } },
  page: { Content: CardContent, Actions: CardActions, contentProps: {} },
};

export type CrudFormProps = {
  definition: CrudDefinition;
  /** Values the form sets itself and does not show (a new center's zone on its zone's page). */
  fixed?: Record<string, unknown>;
  /** In a dialog the form carries its title (with this id); on a page the page heading does. */
  variant: 'dialog' | 'page';
  titleId?: string;
  /** Editing waits for its record: the form takes its values when it mounts. */
  editing?: boolean;
  onCancel: () => void;
};

/**
 * The create or edit form of a definition, inside react-admin's CreateBase or EditBase. It
 * validates with the domain schema the server uses, and its values are the schema's output:
 * trimmed, numbers as numbers, and fields the form does not know left out.
 */
export function CrudForm({ definition, fixed = {}, variant, titleId, editing = false, onCancel }: CrudFormProps) {
  const translate = useTranslate();
  const record = useRecordContext<ApiRecord>();
  const resolver = useMemo(() => schemaResolver(definition.schema), [definition.schema]);
  if (editing && !record) return <CircularProgress aria-label={translate('flock.loading')} sx={{ m: 3 }} />;
  const { Content, Actions, contentProps } = PARTS[variant];
  const singular = translate(`resources.${definition.resource}.name`, { smart_count: 1 }).toLowerCase();
  const title = record
    ? translate('flock.crud.edit_title', { name: record[definition.nameField] ?? singular })
    : translate('flock.crud.create_title', { name: singular });
  const fields = definition.fields.filter((field) => !(field.source in fixed));
  return (
    <Form resolver={resolver} defaultValues={fixed} noValidate>
      {variant === 'dialog' && <DialogTitle id={titleId}>{title}</DialogTitle>}
      <Content {...contentProps}>
        {fields.map((field) => inputOf(field, { isRequired: isRequiredIn(definition.schema, field.source) }))}
      </Content>
      <Actions>
        <Button onClick={onCancel}>{translate('flock.crud.cancel')}</Button>
        <SaveButton alwaysEnable />
      </Actions>
    </Form>
  );
}
