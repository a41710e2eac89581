import { useState, type KeyboardEvent } from 'react';
import { DataTable, DateInput, List, SelectInput, TextInput, TopToolbar, useListContext, useTranslate, type Identifier } from 'react-admin';
import { Alert, ButtonBase, Chip, Typography } from '@mui/material';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@/domain/auditTrail/vocabulary';
import { PageHeader } from '@/src/common/crud';
import { AuditEntryPanel } from './AuditEntryPanel';
import { ExportAuditButton } from './ExportAuditButton';
import { SubjectIdFilter } from './SubjectIdFilter';
import { localTime, relativeTime } from './auditFormat';
import { useAuditLabels, type AuditRow } from './useAuditLabels';
import { churchTimeZone, intlLocale } from '@/src/i18n/formats';

const OUTCOMES = ['success', 'refused', 'failedLogin'];
/** The record types of the filter: every entity the server writes (the legacy spelling aside). */
export const ENTITY_TYPES = AUDIT_ENTITIES.filter((entity) => entity !== 'church-affiliation');

const label = (field: string) => `flock.audit.filters.${field}`;

/** The filters of GetAllAudit; the member's id comes from a profile's History link and shows as their name while set. */
const FILTERS = [
  <TextInput key="actor" source="actor" label={label('actor')} alwaysOn resettable />,
  <TextInput key="subject" source="subject" label={label('subject')} alwaysOn resettable />,
  <DateInput key="from" source="from" label={label('from')} alwaysOn />,
  <DateInput key="to" source="to" label={label('to')} alwaysOn />,
  <SelectInput
    key="outcome"
    source="outcome"
    label={label('outcome')}
    choices={OUTCOMES.map((id) => ({ id, name: `flock.audit.outcomes.${id}` }))}
  />,
  <SelectInput
    key="entityType"
    source="entityType"
    label={label('entityType')}
    choices={ENTITY_TYPES.map((id) => ({ id, name: `flock.audit.entities.${id}` }))}
  />,
  <SelectInput
    key="action"
    source="action"
    label={label('action')}
    choices={AUDIT_ACTIONS.map((id) => ({ id, name: `flock.audit.actions.${id}` }))}
  />,
  <TextInput key="entityId" source="entityId" label={label('entityId')} />,
  <TextInput key="ip" source="ip" label={label('ip')} />,
  <SubjectIdFilter key="subjectId" source="subjectId" label={label('subjectId')} />,
];

/** Up and down arrows move between the rows' buttons; Enter opens the focused one. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const rows = [...document.querySelectorAll<HTMLElement>('[data-audit-row]')];
  const next = rows[rows.indexOf(event.currentTarget) + (event.key === 'ArrowDown' ? 1 : -1)];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/** The time cell: localised, with how long ago; it is the row's button, so rows are reached by keyboard. */
function TimeCell({ row, onOpen }: { row: AuditRow; onOpen: (id: Identifier) => void }) {
  return (
    <ButtonBase
      data-audit-row
      onClick={(event) => {
        event.stopPropagation();
        onOpen(row.id);
      }}
      onKeyDown={moveFocus}
      sx={{
        display: 'block',
        textAlign: 'left',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <Typography variant="body2">{localTime(row.createdAt, intlLocale(), churchTimeZone())}</Typography>
      <Typography variant="caption" color="text.secondary">
        {relativeTime(row.createdAt, Date.now(), intlLocale())}
      </Typography>
    </ButtonBase>
  );
}

const OUTCOME_COLOURS = { success: 'success', refused: 'warning', failedLogin: 'error' } as const;

/** The table, or the list's error or empty state. */
function AuditTable({ onOpen }: { onOpen: (id: Identifier) => void }) {
  const translate = useTranslate();
  const labels = useAuditLabels();
  const { error } = useListContext();
  if (error) return <Alert severity="error">{translate('flock.audit.load_error', { message: error.message })}</Alert>;
  return (
    <DataTable
      bulkActionButtons={false}
      rowClick={(id) => {
        onOpen(id);
        return false;
      }}
      empty={<Typography sx={{ p: 2 }}>{translate('flock.audit.empty')}</Typography>}
    >
      <DataTable.Col
        source="createdAt"
        label="resources.auditLogs.fields.createdAt"
        render={(row: AuditRow) => <TimeCell row={row} onOpen={onOpen} />}
      />
      <DataTable.Col
        source="actorName"
        label="resources.auditLogs.fields.actorName"
        disableSort
        render={(row: AuditRow) => labels.who(row)}
      />
      <DataTable.Col
        source="action"
        label="resources.auditLogs.fields.action"
        disableSort
        render={(row: AuditRow) => labels.action(row.action)}
      />
      <DataTable.Col source="entity" label="resources.auditLogs.fields.entity" disableSort render={(row: AuditRow) => labels.what(row)} />
      <DataTable.Col
        source="outcome"
        label="resources.auditLogs.fields.outcome"
        disableSort
        render={(row: AuditRow) => <Chip size="small" color={OUTCOME_COLOURS[row.outcome]} label={labels.outcome(row.outcome)} />}
      />
      <DataTable.Col source="ip" label="resources.auditLogs.fields.ip" disableSort />
    </DataTable>
  );
}

/** /audit-logs: every change, filtered and paged by the server, newest first; a row opens the change in a side panel. */
export function AuditLogList() {
  const translate = useTranslate();
  const [open, setOpen] = useState<Identifier | null>(null);
  return (
    <>
      <PageHeader title={translate('flock.routes.auditLogs.title')} subtitle={translate('flock.audit.intro')} />
      <List
        resource="auditLogs"
        title={false}
        filters={FILTERS}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        actions={
          <TopToolbar>
            <ExportAuditButton />
          </TopToolbar>
        }
        empty={false}
      >
        <AuditTable onOpen={setOpen} />
      </List>
      <AuditEntryPanel id={open} onClose={() => setOpen(null)} />
    </>
  );
}
