import { useState } from 'react';
import { useGetList, usePermissions, useTranslate } from 'react-admin';
import { Tab, Tabs } from '@mui/material';
import { holdsRequestRight, isInspectorate, seesAllRequests } from '@/domain/requestRules';
import { PageHeader } from '@/src/resources/crud';
import { RequestList, type RequestListProps } from './RequestList';

type TabKey = 'mine' | 'department' | 'inspectorate' | 'all';
type TabDef = { key: TabKey; resource: RequestListProps['resource']; mayShow: (permissions: string[]) => boolean };

/**
 * The tabs in order, each shown when its list answers: the server knows who heads a department,
 * so the Department tab appears for a head whose GetHodRequests succeeds; the rules only spare
 * the others a call that would be refused.
 */
const TABS: readonly [TabDef, TabDef, TabDef, TabDef] = [
  { key: 'mine', resource: 'myRequests', mayShow: () => true },
  { key: 'department', resource: 'hodRequests', mayShow: (p) => holdsRequestRight(p, 'view') },
  { key: 'inspectorate', resource: 'inspectorateRequests', mayShow: (p) => isInspectorate(p, 'view') },
  { key: 'all', resource: 'allRequests', mayShow: seesAllRequests },
];

const PENDING = { pagination: { page: 1, perPage: 1 }, filter: { status: 'pending' } };

/** How many of the tab's requests wait for a decision; undefined until (or unless) the list answers. */
function usePendingCount(tab: TabDef, permissions: string[] | undefined) {
  const enabled = !!permissions && tab.mayShow(permissions);
  const { total, isSuccess } = useGetList(tab.resource, PENDING, { enabled, retry: false });
  return isSuccess ? (total ?? 0) : undefined;
}

/**
 * /requests: my requests for everyone, and the requests the viewer decides (their departments',
 * the inspectorate's, every one for administrators), each tab with its pending count.
 */
export function RequestsPage() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const counts = [
    usePendingCount(TABS[0], permissions),
    usePendingCount(TABS[1], permissions),
    usePendingCount(TABS[2], permissions),
    usePendingCount(TABS[3], permissions),
  ];
  const [selected, setSelected] = useState<TabKey>('mine');
  const visible = TABS.filter((tab, i) => tab.key === 'mine' || counts[i] !== undefined);
  const current = visible.find((tab) => tab.key === selected) ?? TABS[0];
  const decides = current.key !== 'mine' && !!permissions && holdsRequestRight(permissions, 'decide');
  const label = (tab: TabDef) => {
    const count = counts[TABS.indexOf(tab)];
    const name = translate(`flock.requests.tabs.${tab.key}`);
    return count === undefined ? name : translate('flock.requests.tab_count', { name, count });
  };
  return (
    <>
      <PageHeader title={translate('flock.routes.requests.title')} subtitle={translate('flock.requests.intro')} />
      <Tabs value={current.key} onChange={(_e, key: TabKey) => setSelected(key)} sx={{ mb: 1 }} variant="scrollable">
        {visible.map((tab) => (
          <Tab key={tab.key} value={tab.key} label={label(tab)} />
        ))}
      </Tabs>
      <RequestList key={current.key} resource={current.resource} decides={decides} own={current.key === 'mine'} />
    </>
  );
}
