import { useMemo } from 'react';
import { DateInput, SelectInput, useTranslate } from 'react-admin';
import { GIVING_METHODS, type Contribution } from '@/domain/giving/schemas';
import { selectFilter } from '@/src/common/peopleFilters';
import { EmptyNote, PageHeader } from '@/src/common/crud';
import { TableList } from '@/src/common/crud/TableList';
import type { ApiRecord, ColumnDef } from '@/src/common/crud/types';
import { FamilyFilter } from './FamilyPicker';
import { giverLabel, t, useFunds } from './givingText';
import { koboDecimal, money } from './money';

const fundsOf = (r: ApiRecord) => (r.splits as Array<{ fundName: string }>).map((s) => s.fundName).join(', ');

/** The columns, and the CSV's: the amount as a figure a spreadsheet adds up, the funds by name. */
const COLUMNS: ColumnDef[] = [
  { source: 'date', kind: 'date', sortable: true },
  {
    source: 'giverName',
    render: (r) => <Giver row={r} />,
    csv: (r, translate) => giverLabel(r as Contribution, translate),
  },
  { source: 'amount', sortable: true, render: (r) => money(r.amount, r.currency), csv: (r) => koboDecimal(r.amount) },
  { source: 'currency' },
  { source: 'funds', render: fundsOf, csv: fundsOf },
  {
    source: 'method',
    sortable: true,
    render: (r) => <Words k={`methods.${r.method}`} />,
    csv: (r, translate) => translate(t(`methods.${r.method}`)),
  },
  { source: 'kind', render: (r) => <Words k={`kinds.${r.kind}`} />, csv: (r, translate) => translate(t(`kinds.${r.kind}`)) },
  { source: 'reference' },
];

function Words({ k }: { k: string }) {
  return <>{useTranslate()(t(k))}</>;
}

/** The person, the family (marked as one: it gave in its name, docs/decisions/0244) or anonymous. */
function Giver({ row }: { row: ApiRecord }) {
  return <>{giverLabel(row as Contribution, useTranslate())}</>;
}

/**
 * /giving/contributions: the gifts that count (approved batches, refunds and corrections), newest
 * first, filtered by fund, family, method and dates, searched by giver or reference, and exported as CSV.
 */
export function ContributionsPage() {
  const translate = useTranslate();
  const { funds } = useFunds();
  const filters = useMemo(
    () => [
      <SelectInput key="fundId" source="fundId" choices={funds} optionText="name" emptyText="flock.people.any" alwaysOn />,
      <FamilyFilter key="householdId" source="householdId" alwaysOn={false} />,
      selectFilter('method', GIVING_METHODS, (m) => translate(t(`methods.${m}`))),
      <DateInput key="from" source="from" alwaysOn={false} />,
      <DateInput key="to" source="to" alwaysOn={false} />,
    ],
    [funds, translate],
  );
  return (
    <>
      <PageHeader title={translate('flock.routes.contributions.title')} subtitle={translate(t('contributions_intro'))} />
      <TableList resource="contributions" columns={COLUMNS} filters={filters} empty={<EmptyNote text={t('no_contributions')} />} />
    </>
  );
}
