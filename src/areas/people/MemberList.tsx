import { useCallback, useMemo } from 'react';
import {
  AutocompleteArrayInput,
  DataTable,
  downloadCSV,
  type Exporter,
  ExportButton,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import { Typography } from '@mui/material';
import { EMPLOYMENT_STATUSES, GENDERS, MARITAL_STATUSES } from '@/domain/common/enums';
import { ASSIGNABLE_ROLES, CIH_ROLES } from '@/domain/roles/roles';
import { STAGES } from '@/domain/people/stages';
import { useChoices, type ListName } from '@/src/common/choices';
import { useReference } from '@/src/common/places';
import { VirtualAutocompleteInput } from '@/src/common/VirtualAutocomplete';
import { useRoleLabel } from '@/src/common/roles/useRoles';
import { longDate, PageHeader, type ApiRecord, type ColumnDef } from '@/src/common/crud';
import { MEMBER_SORTS } from '@/src/common/MemberTable';
import { enumColumn, enumLabel } from '@/src/common/enumLabels';
import { RecordCards, usePhone } from '@/src/common/RecordCards';
import { ImportButton } from './ImportDialog';
import { CustomFieldFilter, useSeenCustomFields } from './CustomFieldFilter';
import { toCsv } from '@/src/common/crud/csv';
import { QuickAddButton } from './QuickAddDialog';
import { useAllows } from '@/src/authProvider/useAllows';
import { ListSortButton } from '@/src/common/ListSortButton';
import type { PersonTag } from '@/domain/people/tags';
import { PeopleBulkActions } from './PeopleBulkActions';
import { TagChips } from '@/src/common/TagChip';
import { useTags } from './TagsPage';
import { SavedListHeading, SavedListsMenu } from './SavedListsMenu';
import { savedListFilters } from './SavedListFilters';
import { MemberPhoto, WithPhoto } from './MemberPhoto';
import { DirectoryButton } from './DirectoryButton';

const RESOURCE = 'members';
const label = (source: string) => `resources.${RESOURCE}.fields.${source}`;
const profilePath = (member: RaRecord) => `/profile/${member.id}`;

/** The CSV export's columns: the raw values of every field a member summary has. */
const EXPORT_COLUMNS: ColumnDef[] = [
  'fullName',
  'email',
  'phoneNumber',
  'gender',
  'dateOfBirth',
  'maritalStatus',
  'employmentStatus',
  'state',
  'location',
  'zoneName',
  'centerName',
  'userRole',
  'stage',
  'tags',
  'household',
].map((source) => ({ source }));

/** A cell's value in the CSV: tags by name (docs/decisions/0212), the rest as they come. */
const csvValue = (record: ApiRecord, source: string) =>
  source === 'tags' ? ((record.tags as PersonTag[] | undefined) ?? []).map((tag) => tag.name).join('; ') : record[source];

/**
 * The CSV export: the summary's columns, then one column per custom field the exporter sees
 * (docs/decisions/0209), its values asked of the list with the export's rows.
 */
function useMemberExporter(): Exporter {
  const translate = useTranslate();
  const { data: fields = [] } = useSeenCustomFields();
  return useCallback(
    (records: ApiRecord[]) => {
      const columns = [
        ...EXPORT_COLUMNS.map(({ source }) => ({ source, label: translate(label(source)) })),
        ...fields.map((f) => ({ source: `custom:${f.id}`, label: f.name })),
      ];
      const rows = records.map((r) => ({
        ...Object.fromEntries(EXPORT_COLUMNS.map(({ source }) => [source, csvValue(r, source)])),
        ...Object.fromEntries(fields.map((f) => [`custom:${f.id}`, (r.customFields as Record<string, unknown> | null)?.[f.id] ?? ''])),
      }));
      downloadCSV(toCsv(rows, columns), translate(`resources.${RESOURCE}.name`, { smart_count: 2 }));
    },
    [translate, fields],
  );
}

/** The export asks for every filtered member at once: the API's largest page. */
const EXPORT_ALL = 25000;
const PAGE_SIZE = 25;

type FilterProps = { source: string; list: ListName; byName?: boolean; filter?: Record<string, unknown> };

/** A filter chosen from a long list (zones, departments ...), virtualised like the profile's dropdowns. */
function ListFilter({ source, list, byName, filter }: FilterProps) {
  const { choices, isPending } = useChoices(list, { byName, filter });
  return <VirtualAutocompleteInput source={source} label={label(source)} choices={choices} isPending={isPending} />;
}

/** The centers of the zone chosen beside it, or of every zone. */
function CenterFilter({ source }: { source: string }) {
  const zoneId = useWatch({ name: 'zoneId' }) as string | undefined;
  return <ListFilter source={source} list="centers" filter={zoneId ? { zoneId } : undefined} />;
}

/** The states of Nigeria, whose names the profiles keep; loaded on first use like the profile's. */
function StateFilter({ source }: { source: string }) {
  const reference = useReference();
  const choices = useMemo(() => (reference?.nigeria ?? []).map(({ state }) => ({ id: state, name: state })), [reference]);
  return <VirtualAutocompleteInput source={source} label={label(source)} choices={choices} isPending={!reference} />;
}

/** The table's columns, fewer than the export's so a row fits a screen; the name opens the profile. */
function useTableColumns(): ColumnDef[] {
  const roleLabel = useRoleLabel();
  const translate = useTranslate();
  return [
    { source: 'fullName', render: (member) => <Link to={profilePath(member)}>{member.fullName}</Link> },
    { source: 'email' },
    { source: 'phoneNumber' },
    enumColumn('gender', { sortable: true }),
    { source: 'dateOfBirth', sortable: true, render: (member) => longDate(member.dateOfBirth) },
    enumColumn('maritalStatus', { sortable: true }),
    enumColumn('employmentStatus', { sortable: true }),
    { source: 'zoneName' },
    { source: 'stage', render: (member) => (member.stage ? translate(`flock.stages.${member.stage}`) : '') },
    { source: 'userRole', render: (member) => (member.userRole ?? '').split(', ').filter(Boolean).map(roleLabel).join(', ') },
    { source: 'tags', render: (member) => <TagChips tags={member.tags as PersonTag[] | undefined} /> },
  ];
}

const asChoices = (values: readonly string[], name: (value: string) => string = (v) => v) => values.map((id) => ({ id, name: name(id) }));

function useFilters() {
  const translate = useTranslate();
  const hasCustomFields = !!useSeenCustomFields().data?.length;
  const { data: tags = [] } = useTags(useAllows('tags', 'read'));
  const select = (source: string, values: readonly string[], name?: (value: string) => string) => (
    <SelectInput key={source} source={source} label={label(source)} choices={asChoices(values, name)} emptyText="flock.select_option" />
  );
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <ListFilter key="zoneId" source="zoneId" list="zones" />,
    <CenterFilter key="centerId" source="centerId" />,
    <ListFilter key="departmentId" source="departmentId" list="departments" />,
    <ListFilter key="affinityGroup" source="affinityGroup" list="affinityGroups" byName />,
    select('gender', GENDERS, (value) => enumLabel(translate, 'gender', value)),
    select('maritalStatus', MARITAL_STATUSES, (value) => enumLabel(translate, 'maritalStatus', value)),
    select('employmentStatus', EMPLOYMENT_STATUSES, (value) => enumLabel(translate, 'employmentStatus', value)),
    <StateFilter key="state" source="state" />,
    select('role', [...ASSIGNABLE_ROLES, ...CIH_ROLES], (role) => translate(`flock.roles.${role}`)),
    select('status', ['active', 'disabled'], (status) => translate(`flock.member_list.status.${status}`)),
    // First-timers are not on this list: its stages are member's and beyond (docs/decisions 0210).
    select('stage', STAGES.slice(STAGES.indexOf('member')), (stage) => translate(`flock.stages.${stage}`)),
    // Saved lists' filters (docs/decisions/0214).
    ...savedListFilters(label),
    // Offered only when the caller sees a field of the church's own (docs/decisions/0209).
    ...(hasCustomFields ? [<CustomFieldFilter key="customField" source="customField" />] : []),
    // People holding every tag chosen (docs/decisions/0212); offered once the church has tags.
    ...(tags.length
      ? [<AutocompleteArrayInput key="tag" source="tag" label={label('tag')} choices={tags.map(({ id, name }) => ({ id, name }))} />]
      : []),
  ];
}

/**
 * The sorts by the church's own fields the caller sees ('custom:<id>', as the server names them:
 * docs/decisions/0209), labelled by the fields' names; those without a value come last.
 */
function useCustomSorts() {
  const { data: fields } = useSeenCustomFields();
  return useMemo(
    () => ({
      fields: (fields ?? []).map((f) => `custom:${f.id}`),
      labels: Object.fromEntries((fields ?? []).map((f) => [`custom:${f.id}`, f.name])),
    }),
    [fields],
  );
}

function Message({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {useTranslate()(text)}
    </Typography>
  );
}

/**
 * /members-management and /attendance (the same screen): GetMemberQuery with
 * search, the member filters and sorts, server-side paging, and CSV export of every member
 * the filters keep. Each row opens the member's profile.
 */
export function MemberList() {
  const translate = useTranslate();
  const phone = usePhone();
  const columns = useTableColumns();
  const route = useLocation().pathname.startsWith('/attendance') ? 'attendance' : 'members';
  const exporter = useMemberExporter();
  const canImport = useAllows('memberImports', 'view');
  const customSorts = useCustomSorts();
  return (
    <>
      <PageHeader title={translate(`flock.routes.${route}.title`)} subtitle={translate('flock.member_list.intro')} />
      <List
        resource={RESOURCE}
        title={false}
        filters={useFilters()}
        exporter={exporter}
        perPage={PAGE_SIZE}
        // The first sort, 'default': the server's order (by surname).
        sort={{ field: 'default', order: 'ASC' }}
        empty={<Message text="flock.member_list.empty" />}
        actions={
          <TopToolbar>
            <FilterButton />
            <SavedListsMenu />
            <ListSortButton fields={[...MEMBER_SORTS, ...customSorts.fields]} labels={customSorts.labels} />
            <ExportButton maxResults={EXPORT_ALL} meta={{ withCustomFields: true }} />
            <DirectoryButton />
            {canImport && route === 'members' && <QuickAddButton />}
            {canImport && route === 'members' && <ImportButton />}
          </TopToolbar>
        }
      >
        <SavedListHeading />
        {phone ? (
          <RecordCards<ApiRecord>
            title={(member) => (
              <WithPhoto userId={member.id} name={member.fullName} version={member.avatar}>
                {columns[0].render!(member)}
              </WithPhoto>
            )}
            name={(member) => member.fullName}
            lines={columns
              .slice(1)
              .map(({ source, render }) => ({ source, label: label(source), value: (m) => (render ? render(m) : m[source]) }))}
            empty={<Message text="flock.member_list.no_match" />}
            bulkActions={<PeopleBulkActions exporter={exporter} selectAll="getMatchingMembers" />}
          />
        ) : (
          <DataTable
            bulkActionButtons={
              <>
                <PeopleBulkActions exporter={exporter} selectAll="getMatchingMembers" />
                <DirectoryButton selected />
              </>
            }
            rowClick={(_id, _resource, record) => profilePath(record)}
            empty={<Message text="flock.member_list.no_match" />}
          >
            <DataTable.Col
              source="avatar"
              label={label('avatar')}
              disableSort
              render={(member) => <MemberPhoto userId={member.id} name={member.fullName} version={member.avatar} size={32} />}
            />
            {columns.map(({ source, sortable, render }) => (
              <DataTable.Col key={source} source={source} label={label(source)} disableSort={!sortable} render={render} />
            ))}
          </DataTable>
        )}
      </List>
    </>
  );
}
