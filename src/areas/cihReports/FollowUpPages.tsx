import { useEffect, useState, type ReactElement } from 'react';
import { DateInput, useDataProvider, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { Stack } from '@mui/material';
import { FOLLOW_UP_STATUSES } from '@/domain/cihReports/schemas';
import { RemoteSelectInput } from '@/src/common/peopleFilters';
import type { CustomResult, FlockDataProvider } from '@/src/dataProvider';
import { EmptyNote, PageHeader, TableList, type ApiRecord, type ColumnDef } from '@/src/common/crud';
import { FollowUpForm } from './CenterActivity';
import { codeColumn, ToMyCenter, useCodeFilter } from './listParts';

const t = (key: string) => `flock.cihReports.${key}`;

const historyLink = (r: ApiRecord) => `/cih/reports/followup/${r.personId}/${encodeURIComponent(r.personName ?? '')}`;

const COLUMNS: ColumnDef[] = [
  { source: 'personName', link: historyLink },
  codeColumn('reason'),
  { source: 'followUpDate', kind: 'date', sortable: true },
  codeColumn('channel'),
  { source: 'outcome' },
  { source: 'nextStep' },
  codeColumn('status', true),
  { source: 'authorName' },
  { source: 'centerName', sortable: true },
];

const useFilters = () => [
  useCodeFilter('status', FOLLOW_UP_STATUSES),
  <RemoteSelectInput key="centerId" source="centerId" reference="centerChoices" optionText="centerName" alwaysOn />,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
];

/** /cih/reports/followup: follow-ups in the caller's reach, open ones first, with who owns each. */
export function FollowUpList(): ReactElement {
  const translate = useTranslate();
  const filters = useFilters();
  return (
    <>
      <PageHeader title={translate('flock.routes.cihFollowup.title')} subtitle={translate(t('follow_up_intro'))} />
      <TableList
        resource="cihFollowup"
        columns={COLUMNS}
        filters={filters}
        sort={{ field: 'status', order: 'DESC' }}
        empty={<EmptyNote text={t('follow_ups_empty')} action={<ToMyCenter />} />}
      />
    </>
  );
}

/** The caller's own center, where the follow-ups they file belong; undefined for those without one. */
function useMyCenterId() {
  const dataProvider = useDataProvider<FlockDataProvider>();
  const [centerId, setCenterId] = useState<string>();
  useEffect(() => {
    dataProvider.getMyCenter<{ center: ApiRecord }>().then(
      (result: CustomResult<{ center: ApiRecord }>) => setCenterId(result.data.center.id),
      () => setCenterId(undefined),
    );
  }, [dataProvider]);
  return centerId;
}

/** /cih/reports/followup/{id}/{name}: one person's follow-up history, and a new follow-up by their center's leader. */
export function FollowUpHistory(): ReactElement {
  const translate = useTranslate();
  const { id = '', name = '' } = useParams();
  const centerId = useMyCenterId();
  const [version, setVersion] = useState(0);
  return (
    <>
      <PageHeader title={decodeURIComponent(name)} subtitle={translate('flock.routes.cihFollowupDetail.title')} />
      <Stack spacing={2}>
        {centerId && <FollowUpForm personId={id} centerId={centerId} onSaved={() => setVersion((v) => v + 1)} />}
        <TableList
          key={version}
          resource="cihFollowup"
          columns={COLUMNS.slice(1)}
          filter={{ personId: id }}
          empty={<EmptyNote text={t('follow_up_history_empty')} />}
          nested
        />
      </Stack>
    </>
  );
}
