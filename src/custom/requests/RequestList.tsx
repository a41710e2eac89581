import { useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import {
  DataTable,
  DateInput,
  List,
  SearchInput,
  useDataProvider,
  useGetIdentity,
  useListContext,
  useRecordContext,
  useTranslate,
  useUnselectAll,
  type Identifier,
} from 'react-admin';
import { Box, Button } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { MEMBER_REQUEST_KINDS, MEMBER_REQUEST_STATUSES } from '@/domain/enums';
import type { FlockDataProvider } from '@/src/dataProvider';
import { behindButton, longDate } from '@/src/resources/crud';
import { RecordCards, usePhone } from '@/src/common/RecordCards';
import { placeFilters, selectFilter } from '@/src/common/peopleFilters';
import { useConfirmCall } from '@/src/common/ConfirmCallButton';
import { DecideDialog } from './DecideDialog';
import { RequestDetail } from './RequestDetail';
import { StatusChip } from './StatusChip';
import type { MemberRequest } from '@/domain/records';
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

/** The filters of every request list (SPEC.md's "with filters"): kind, state, department, zone and a range of days. */
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

export type RequestListProps = {
  resource: 'myRequests' | 'hodRequests' | 'inspectorateRequests' | 'allRequests';
  /** The viewer decides these requests: approve and reject per row and in bulk. */
  decides: boolean;
  /** The viewer's own requests: no requester column, and cancel on pending ones. */
  own: boolean;
};

/** One tab of /requests: the list with its filters, the decisions or cancellation, and a request's detail. */
export function RequestList({ resource, decides, own }: RequestListProps) {
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const unselectAll = useUnselectAll(resource);
  const filters = useRequestFilters();
  const phone = usePhone();
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
        exporter={false}
        empty={false}
        disableSyncWithLocation
      >
        {phone ? (
          <RequestCards
            own={own}
            actions={(decides || own) && (own ? <CancelButton /> : <DecideButtons onDecide={setDeciding} />)}
            onOpen={(r) => setDetail(String(r.id))}
          />
        ) : (
          <DataTable
            rowClick={(id) => {
              setDetail(String(id));
              return false;
            }}
            bulkActionButtons={decides ? <BulkDecideButtons onDecide={setDeciding} /> : false}
          >
            {!own && <DataTable.Col source="requesterName" render={(r: MemberRequest) => r.requester.fullName} />}
            <DataTable.Col source="kind" render={(r: MemberRequest) => <KindLabel request={r} />} />
            <DataTable.Col source="target" disableSort render={(r: MemberRequest) => targetText(r)} />
            <DataTable.Col source="reason" disableSort />
            <DataTable.Col source="status" render={(r: MemberRequest) => <StatusChip status={r.status} />} />
            <DataTable.Col source="createdAt" render={(r: MemberRequest) => longDate(r.createdAt)} />
            <DataTable.Col source="decidedByName" disableSort />
            <DataTable.Col source="decisionComment" disableSort />
            {(decides || own) && (
              <DataTable.Col
                label="flock.crud.actions"
                disableSort
                align="right"
                render={() => (own ? <CancelButton /> : <DecideButtons onDecide={setDeciding} />)}
              />
            )}
          </DataTable>
        )}
      </List>
      {deciding && <DecideDialog requests={deciding.requests} approve={deciding.approve} onClose={finish} />}
      {detail && <RequestDetail id={detail} onClose={() => setDetail(null)} />}
    </>
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
  return <RecordCards<MemberRequest> title={title} name={title} lines={lines} actions={actions || undefined} onOpen={onOpen} />;
}

function KindLabel({ request }: { request: MemberRequest }) {
  return <>{useTranslate()(`flock.requests.kinds.${request.kind}`)}</>;
}
