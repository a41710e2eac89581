import { useState } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { Tab, Tabs } from '@mui/material';
import { holdsRequestRight } from '@/domain/requests/rules';
import { PageHeader } from '@/src/common/crud';
import { REQUEST_TABS as TABS, usePendingCount, type TabDef, type TabKey } from './pendingCounts';
import { RequestList } from './RequestList';

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
