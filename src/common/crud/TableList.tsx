import { cloneElement, useCallback, useEffect, useRef, type ReactElement, type ReactNode } from 'react';
import {
  DataTable,
  downloadCSV,
  ExportButton,
  FilterButton,
  List,
  SearchInput,
  TopToolbar,
  useListContext,
  useTranslate,
  type Exporter,
  type SortPayload,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { RecordCards, usePhone } from '@/src/common/RecordCards';
import { toCsv } from './csv';
import type { ApiRecord, ColumnDef } from './types';
import { ListSortButton } from '@/src/common/ListSortButton';
import { formatInstant, intlLocale } from '@/src/i18n/formats';

const fieldLabel = (resource: string, source: string) => `resources.${resource}.fields.${source}`;

/** CSV export of the list's columns under their headings, as react-admin's ExportButton asks for it. */
export function useCsvExporter(resource: string, columns: readonly ColumnDef[]): Exporter {
  const translate = useTranslate();
  return useCallback(
    (records: ApiRecord[]) => {
      const headed = columns.map(({ source }) => ({ source, label: translate(fieldLabel(resource, source)) }));
      const rows = records.map((r) => Object.fromEntries(columns.map((c) => [c.source, c.csv ? c.csv(r, translate) : r[c.source]])));
      downloadCSV(toCsv(rows, headed), translate(`resources.${resource}.name`, { smart_count: 2 }));
    },
    [translate, resource, columns],
  );
}

/**
 * Dates in a long localised format. A calendar day ("YYYY-MM-DD", which Date reads as UTC
 * midnight) is written as that day; an instant, as its day in the church's time zone (docs/decisions/0242).
 */
export function longDate(value: unknown): string {
  if (!value) return '';
  const text = String(value);
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return '';
  return CALENDAR_DAY.test(text) ? calendarDays(intlLocale()).format(date) : formatInstant(date, { dateStyle: 'long' });
}

/**
 * The calendar days' format per language, made once: toLocaleDateString with options builds a
 * formatter at every call, a millisecond each on a phone, 25 per page of the member list's cards
 * (docs/decisions/0252).
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function calendarDays(locale: string): Intl.DateTimeFormat {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    dayFormats.set(locale, format);
  }
  return format;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Yes or No for a boolean cell, in the app's words. */
function YesNo({ value }: { value: boolean }) {
  return <>{useTranslate()(value ? 'flock.crud.yes' : 'flock.crud.no')}</>;
}

/** A column's value for one record, as its cell shows it (the phone's cards show it too). */
function valueOf(column: ColumnDef, record: ApiRecord): ReactNode {
  const { source, kind = 'text', link, render } = column;
  if (render) return render(record);
  if (link) return <Link to={link(record)}>{record[source]}</Link>;
  if (kind === 'boolean') return <YesNo value={!!record[source]} />;
  if (kind === 'date') return longDate(record[source]);
  return record[source] ?? '';
}

/**
 * The phone's cards of a list: the leading columns that link to the record (a member's first
 * and last name) make the heading, every other column a line.
 */
export function ColumnCards({
  resource,
  columns,
  rowActions,
  bulkActions,
}: {
  resource: string;
  columns: readonly ColumnDef[];
  rowActions?: ReactElement;
  /** Actions on a selection: the cards get a select mode (docs/decisions/0222). */
  bulkActions?: ReactElement;
}) {
  const leading = columns.findIndex((column) => !column.link);
  const heading = columns.slice(0, Math.max(leading, 1));
  const rest = columns.slice(heading.length);
  const name = (record: ApiRecord) => heading.map((column) => String(record[column.source] ?? '')).join(' ');
  return (
    <RecordCards<ApiRecord>
      title={(record) => (heading.length === 1 ? valueOf(heading[0], record) : <Link to={heading[0].link!(record)}>{name(record)}</Link>)}
      name={name}
      lines={rest.map((column) => ({
        source: column.source,
        label: fieldLabel(resource, column.source),
        value: (record) => valueOf(column, record),
      }))}
      actions={rowActions}
      bulkActions={bulkActions}
    />
  );
}

export function cellOf(resource: string, column: ColumnDef): ReactNode {
  const { source, kind = 'text', sortable = false, link, render } = column;
  const common = { source, label: fieldLabel(resource, source), disableSort: !sortable };
  if (render) return <DataTable.Col key={source} {...common} render={render} />;
  if (link)
    return <DataTable.Col key={source} {...common} render={(record: ApiRecord) => <Link to={link(record)}>{record[source]}</Link>} />;
  if (kind === 'number') return <DataTable.NumberCol key={source} {...common} locales={intlLocale()} />;
  if (kind === 'boolean')
    return <DataTable.Col key={source} {...common} render={(record: ApiRecord) => <YesNo value={!!record[source]} />} />;
  if (kind === 'date') return <DataTable.Col key={source} {...common} render={(record: ApiRecord) => longDate(record[source])} />;
  return <DataTable.Col key={source} {...common} />;
}

/** On a phone the filters beside the search box wait behind the Add filter button. */
export const behindButton = (filters: ReactElement[]) =>
  filters.map((filter) => cloneElement(filter as ReactElement<{ alwaysOn?: boolean }>, { alwaysOn: false }));

export type TableListProps = {
  resource: string;
  columns: readonly ColumnDef[];
  /** A permanent filter: the list shows only these records (a zone's centers). */
  filter?: Record<string, unknown>;
  /** Filter inputs shown beside the search box. */
  filters?: ReactElement[];
  /** Sort choices beyond the sortable column headings (the member tables' sorts). */
  sortFields?: string[];
  /** The first order; by default the server's own ('id' is sent as no SortBy). */
  sort?: SortPayload;
  /** Buttons shown before Export. */
  toolbar?: ReactNode;
  /** What an empty list shows; by default the table's 'No results found'. */
  empty?: ReactElement | false;
  /** The last cell of each row, rendered inside the row's record context. */
  rowActions?: ReactElement;
  /** Actions on a selection: the table's bulk actions, a phone's cards' select mode (docs/decisions/0222). */
  bulkActions?: ReactElement;
  /** A list inside another record's page: its state stays out of the address and the store. */
  nested?: boolean;
  /** Called once its first page has arrived (a page that shows several lists together waits for all). */
  onLoaded?: () => void;
};

/** Tells once that the list's first page has arrived; drawn both in the list and in its empty state. */
function FirstPage({ onLoaded }: { onLoaded?: () => void }) {
  const { isPending } = useListContext();
  const told = useRef(false);
  useEffect(() => {
    if (isPending || told.current || !onLoaded) return;
    told.current = true;
    onLoaded();
  }, [isPending, onLoaded]);
  return null;
}

/** A list of API records: search, filters, sortable columns, paging and CSV export. */
export function TableList({
  resource,
  columns,
  filter,
  filters = [],
  sortFields,
  sort,
  toolbar,
  empty = false,
  rowActions,
  bulkActions,
  nested = false,
  onLoaded,
}: TableListProps) {
  const exporter = useCsvExporter(resource, columns);
  const phone = usePhone();
  return (
    <List
      resource={resource}
      title={false}
      filter={filter}
      sort={sort}
      filters={[<SearchInput key="q" source="q" alwaysOn />, ...(phone ? behindButton(filters) : filters)]}
      exporter={exporter}
      actions={
        <TopToolbar>
          {phone && filters.length > 0 && <FilterButton />}
          {sortFields && <ListSortButton fields={sortFields} />}
          {toolbar}
          <ExportButton />
          <FirstPage onLoaded={onLoaded} />
        </TopToolbar>
      }
      empty={
        empty && (
          <>
            {empty}
            <FirstPage onLoaded={onLoaded} />
          </>
        )
      }
      disableSyncWithLocation={nested}
      storeKey={nested ? false : undefined}
    >
      {phone ? (
        <ColumnCards resource={resource} columns={columns} rowActions={rowActions} bulkActions={bulkActions} />
      ) : (
        <DataTable bulkActionButtons={bulkActions ?? false} rowClick={false}>
          {columns.map((column) => cellOf(resource, column))}
          {rowActions && <DataTable.Col label="flock.crud.actions" disableSort align="right" render={() => rowActions} />}
        </DataTable>
      )}
    </List>
  );
}
