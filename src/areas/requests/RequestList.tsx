import { useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import {
  DataTable,
  DateInput,
  ExportButton,
  FilterButton,
  List,
  ListNoResults,
  SearchInput,
  TopToolbar,
  useDataProvider,
  useGetIdentity,
  useListContext,
  useRecordContext,
  useTranslate,
  useUnselectAll,
  type Identifier,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Link } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { MEMBER_REQUEST_KINDS, MEMBER_REQUEST_STATUSES } from '@/domain/common/enums';
import type { FlockDataProvider } from '@/src/dataProvider';
import { behindButton, EmptyNote, longDate, useCsvExporter, type ColumnDef } from '@/src/common/crud';
import { RecordCards, usePhone } from '@/src/common/RecordCards';
import { placeFilters, selectFilter } from '@/src/common/peopleFilters';
import { useConfirmCall } from '@/src/common/ConfirmCallButton';
import { DecideDialog } from './DecideDialog';
import { RequestDetail } from './RequestDetail';
import { StatusChip } from './StatusChip';
import type { MemberRequest } from '@/domain/common/records';
import { targetText } from './requestText';

type Deciding = { requests: MemberRequest[]; approve: boolean };
type Decide = (deciding: Deciding) => void;

/** Buttons inside a clickable row must not open the row's detail too. */
const only = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

function DecideButtons({ onDecide }: { onDecide: Decide }) {
  const translate = useTranslate();
  const request = useRecordContext<MemberRequest>();
  const { identity } = useGetIdentity();
  // Nobody decides their own request (the server refuses it too), so wait to know who is looking.
  if (!request || !identity || request.status !== 'pending' || request.requester.id === identity.id) return null;
  const name = request.requester.fullName;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      <Button
        size="small"
        startIcon={<CheckIcon />}
        aria-label={translate('flock.requests.approve_of', { name })}
        onClick={only(() => onDecide({ requests: [request], approve: true }))}
      >
        {translate('flock.requests.approve')}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<CloseIcon />}
        aria-label={translate('flock.requests.reject_of', { name })}
        onClick={only(() => onDecide({ requests: [request], approve: false }))}
      >
        {translate('flock.requests.reject')}
      </Button>
    </Box>
  );
}

/** The member withdraws their own pending request, after a confirmation. */
function CancelButton() {
  const translate = useTranslate();
  const request = useRecordContext<MemberRequest>();
  const api = useDataProvider<FlockDataProvider>();
  const { ask, dialog } = useConfirmCall({
    title: 'flock.requests.cancel_title',
    content: 'flock.requests.cancel_content',
    call: () => api.cancelRequest({ id: request!.id }),
  });
  if (!request || request.status !== 'pending') return null;
  return (
    <>
      <Button
        size="small"
        color="error"
        aria-label={translate('flock.requests.cancel_of', { kind: translate(`flock.requests.kinds.${request.kind}`) })}
        onClick={only(ask)}
      >
        {translate('flock.requests.cancel')}
      </Button>
      {/* The confirmation lives outside the row's click. */}
      <Box component="span" onClick={(event) => event.stopPropagation()}>
        {dialog}
      </Box>
    </>
  );
}

/** Approve or reject the selection: the selected rows of this page, others read one by one. */
function BulkDecideButtons({ onDecide }: { onDecide: Decide }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const { selectedIds, data = [] } = useListContext<MemberRequest>();
  const open = async (approve: boolean) => {
    const onPage = new Map(data.map((request) => [request.id, request]));
    const missing = selectedIds.filter((id: Identifier) => !onPage.has(String(id)));
    const fetched = missing.length ? (await api.getMany<MemberRequest>('requests', { ids: missing })).data : [];
    const requests = [...data.filter((request) => selectedIds.includes(request.id)), ...fetched];
    onDecide({ requests, approve });
  };
  return (
    <>
      <Button size="small" startIcon={<CheckIcon />} onClick={() => open(true)}>
        {translate('flock.requests.approve')}
      </Button>
      <Button size="small" color="error" startIcon={<CloseIcon />} onClick={() => open(false)}>
        {translate('flock.requests.reject')}
      </Button>
    </>
  );
}

/** The filters of every request list: kind, state, department, zone and a range of days. */
function useRequestFilters(): ReactElement[] {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    selectFilter('kind', MEMBER_REQUEST_KINDS, (kind) => translate(`flock.requests.kinds.${kind}`)),
    selectFilter('status', MEMBER_REQUEST_STATUSES, (status) => translate(`flock.requests.statuses.${status}`)),
    ...placeFilters(),
    <DateInput key="from" source="from" alwaysOn />,
    <DateInput key="to" source="to" alwaysOn />,
  ];
}

/** The CSV's columns, the table's, in its words: one's own list has no requester. */
const CSV_COLUMNS: ColumnDef[] = [
  { source: 'requesterName', csv: (r) => r.requester.fullName },
  { source: 'kind', csv: (r, translate) => translate(`flock.requests.kinds.${r.kind}`) },
  { source: 'target', csv: (r) => targetText(r as MemberRequest) },
  { source: 'reason' },
  { source: 'status', csv: (r, translate) => translate(`flock.requests.statuses.${r.status}`) },
  { source: 'createdAt', csv: (r) => longDate(r.createdAt) },
  { source: 'decidedByName' },
  { source: 'decisionComment' },
];
const OWN_CSV_COLUMNS = CSV_COLUMNS.slice(1);
/** The export takes every filtered request, not just the page: the API's largest page. */
const EXPORT_ALL = 25000;

export type RequestListProps = {
  resource: 'myRequests' | 'hodRequests' | 'inspectorateRequests' | 'allRequests';
  /** The viewer decides these requests: approve and reject per row and in bulk. */
  decides: boolean;
  /** The viewer's own requests: no requester column, and cancel on pending ones. */
  own: boolean;
};

const EMPTY_TEXTS: Record<RequestListProps['resource'], string> = {
  myRequests: 'flock.requests.empty.mine',
  hodRequests: 'flock.requests.empty.department',
  inspectorateRequests: 'flock.requests.empty.inspectorate',
  allRequests: 'flock.requests.empty.all',
};

/** A tab without any request says what comes there; one's own points to the profile, where requests are made. */
function NoRequests({ resource }: { resource: RequestListProps['resource'] }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const profile =
    resource === 'myRequests' && identity ? (
      <Button component={RouterLink} to={`/profile/${identity.id}`} variant="outlined" size="small">
        {translate('flock.requests.empty.open_profile')}
      </Button>
    ) : null;
  return <EmptyNote text={EMPTY_TEXTS[resource]} action={profile} />;
}

/** One tab of /requests: the list with its filters and export, the decisions or cancellation, and a request's detail. */
export function RequestList({ resource, decides, own }: RequestListProps) {
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const unselectAll = useUnselectAll(resource);
  const filters = useRequestFilters();
  const exporter = useCsvExporter(resource, own ? OWN_CSV_COLUMNS : CSV_COLUMNS);
  const phone = usePhone();
  const open = (id: Identifier) => setDetail(String(id));
  const actions = (decides || own) && (own ? <CancelButton /> : <DecideButtons onDecide={setDeciding} />);
  const finish = (decided: boolean) => {
    if (decided) unselectAll();
    setDeciding(null);
  };
  return (
    <>
      <List
        resource={resource}
        title={false}
        filters={phone ? [filters[0], ...behindButton(filters.slice(1))] : filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        exporter={exporter}
        actions={
          <TopToolbar>
            <FilterButton />
            <ExportButton maxResults={EXPORT_ALL} />
          </TopToolbar>
        }
        // Only when there are no requests at all: with filters set, the table says so and offers to clear them.
        empty={<NoRequests resource={resource} />}
        disableSyncWithLocation
      >
        {phone ? (
          <RequestCards own={own} actions={actions} onOpen={(r) => open(r.id)} />
        ) : (
          <RequestTable own={own} actions={actions} bulkActions={decides && <BulkDecideButtons onDecide={setDeciding} />} onOpen={open} />
        )}
      </List>
      {deciding && <DecideDialog requests={deciding.requests} approve={deciding.approve} onClose={finish} />}
      {detail && <RequestDetail id={detail} onClose={() => setDetail(null)} />}
    </>
  );
}

/** The row's name as a button: the keyboard's way to the detail a click on the row opens. */
function OpenLink({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <Link component="button" type="button" variant="body2" onClick={only(onOpen)} sx={{ textAlign: 'left' }}>
      {children}
    </Link>
  );
}

type RequestTableProps = {
  own: boolean;
  actions: ReactElement | false;
  bulkActions: ReactElement | false;
  onOpen: (id: Identifier) => void;
};

/** The table of a wide screen: a click on a row opens its detail, and so does its first cell's button. */
function RequestTable({ own, actions, bulkActions, onOpen }: RequestTableProps) {
  const opener = (r: MemberRequest, label: ReactNode) => <OpenLink onOpen={() => onOpen(r.id)}>{label}</OpenLink>;
  const kind = (r: MemberRequest) => <KindLabel request={r} />;
  return (
    <DataTable
      rowClick={(id) => {
        onOpen(id);
        return false;
      }}
      bulkActionButtons={bulkActions}
    >
      {!own && <DataTable.Col source="requesterName" render={(r: MemberRequest) => opener(r, r.requester.fullName)} />}
      <DataTable.Col source="kind" render={(r: MemberRequest) => (own ? opener(r, kind(r)) : kind(r))} />
      <DataTable.Col source="target" disableSort render={(r: MemberRequest) => targetText(r)} />
      <DataTable.Col source="reason" disableSort />
      <DataTable.Col source="status" render={(r: MemberRequest) => <StatusChip status={r.status} />} />
      <DataTable.Col source="createdAt" render={(r: MemberRequest) => longDate(r.createdAt)} />
      <DataTable.Col source="decidedByName" disableSort />
      <DataTable.Col source="decisionComment" disableSort />
      {actions && <DataTable.Col label="flock.crud.actions" disableSort align="right" render={() => actions} />}
    </DataTable>
  );
}

/** Every request list shares its column names (src/i18n/en.ts REQUEST_FIELDS). */
const fieldLabel = (source: string) => `resources.myRequests.fields.${source}`;

/** A phone's cards of requests: who asked (or what, in one's own list), the rest as lines, the actions behind a menu. */
function RequestCards({ own, actions, onOpen }: { own: boolean; actions: ReactElement | false; onOpen: (request: MemberRequest) => void }) {
  const translate = useTranslate();
  const kind = (r: MemberRequest) => translate(`flock.requests.kinds.${r.kind}`);
  const line = (source: string, value: (r: MemberRequest) => ReactNode) => ({ source, label: fieldLabel(source), value });
  const lines = [
    ...(own ? [] : [line('kind', kind)]),
    line('target', targetText),
    line('reason', (r) => r.reason),
    line('status', (r) => <StatusChip status={r.status} />),
    line('createdAt', (r) => longDate(r.createdAt)),
    line('decidedByName', (r) => r.decidedByName),
    line('decisionComment', (r) => r.decisionComment),
  ];
  const title = (r: MemberRequest) => (own ? kind(r) : r.requester.fullName);
  // With filters set, the same words as the table's, with its Clear filters (an empty tab gets the List's note).
  return (
    <RecordCards<MemberRequest>
      title={title}
      name={title}
      lines={lines}
      actions={actions || undefined}
      onOpen={onOpen}
      empty={<ListNoResults />}
    />
  );
}

function KindLabel({ request }: { request: MemberRequest }) {
  return <>{useTranslate()(`flock.requests.kinds.${request.kind}`)}</>;
}
