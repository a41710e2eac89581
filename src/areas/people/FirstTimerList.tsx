import { DataTable, ExportButton, FilterButton, List, SearchInput, TopToolbar, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ColumnCards, longDate, PageHeader, useCsvExporter, type ApiRecord, type ColumnDef } from '@/src/common/crud';
import { MEMBER_SORTS } from '@/src/common/MemberTable';
import { CodeText, ENUM_LABELS, enumColumn } from '@/src/common/enumLabels';
import { memberFilters } from '@/src/common/peopleFilters';
import { usePhone } from '@/src/common/RecordCards';
import { BulkConvertButton } from './BulkConvertButton';
import { ConvertButton } from './ConvertButton';
import { FirstTimerStats } from './FirstTimerStats';
import { ListSortButton } from '@/src/common/ListSortButton';
import { PeopleBulkActions } from './PeopleBulkActions';

/** Convert the selection, and the actions on a selection of any list of people (docs/decisions/0222). */
const BULK_ACTIONS = (
  <>
    <BulkConvertButton />
    <PeopleBulkActions selectAll="getMatchingFirstTimers" />
  </>
);

/** The exported columns, as the table shows them. */
const CSV_COLUMNS: ColumnDef[] = ['fullName', 'email', 'phoneNumber', 'gender', 'zoneName', 'createdAt'].map((source) => ({ source }));

const label = (source: string) => `resources.firstTimers.fields.${source}`;

/** A phone's cards: the name opens the profile. */
const CARD_COLUMNS: ColumnDef[] = [
  { source: 'fullName', link: (person) => `/profile/${person.id}` },
  { source: 'email' },
  { source: 'phoneNumber' },
  enumColumn('gender'),
  { source: 'zoneName' },
  { source: 'createdAt', kind: 'date' },
];

/**
 * /first-timers: their numbers and charts, then the list (GetAllUsers with Kind=firsttimer) with
 * the member list's filters and sorts; convert one from its row, or many as a bulk action.
 */
export function FirstTimerList() {
  const translate = useTranslate();
  const exporter = useCsvExporter('firstTimers', CSV_COLUMNS);
  const phone = usePhone();
  return (
    <>
      <PageHeader title={translate('flock.routes.firstTimers.title')} subtitle={translate('flock.people.first_timers.intro')} />
      <FirstTimerStats />
      <List
        resource="firstTimers"
        title={false}
        filters={[<SearchInput key="q" source="q" alwaysOn />, ...memberFilters()]}
        exporter={exporter}
        // The newest first: they are the ones waiting to be followed up and converted.
        sort={{ field: 'createdAt', order: 'DESC' }}
        actions={
          <TopToolbar>
            <FilterButton />
            <ListSortButton fields={[...MEMBER_SORTS, 'createdAt']} />
            <ExportButton />
          </TopToolbar>
        }
      >
        {phone ? (
          <ColumnCards resource="firstTimers" columns={CARD_COLUMNS} rowActions={<ConvertButton />} bulkActions={BULK_ACTIONS} />
        ) : (
          <DataTable bulkActionButtons={BULK_ACTIONS} rowClick={false}>
            <DataTable.Col
              source="fullName"
              label={label('fullName')}
              disableSort
              render={(person: ApiRecord) => <Link to={`/profile/${person.id}`}>{person.fullName}</Link>}
            />
            <DataTable.Col source="email" label={label('email')} disableSort />
            <DataTable.Col source="phoneNumber" label={label('phoneNumber')} disableSort />
            <DataTable.Col
              source="gender"
              label={label('gender')}
              render={(person: ApiRecord) => <CodeText prefix={ENUM_LABELS.gender} value={person.gender} />}
            />
            <DataTable.Col source="zoneName" label={label('zoneName')} disableSort />
            <DataTable.Col source="createdAt" label={label('createdAt')} render={(person: ApiRecord) => longDate(person.createdAt)} />
            <DataTable.Col label="flock.crud.actions" disableSort align="right" render={() => <ConvertButton />} />
          </DataTable>
        )}
      </List>
    </>
  );
}
