import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Button, Tab, Tabs } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EditIcon from '@mui/icons-material/Edit';
import type { FlockDataProvider } from '@/src/dataProvider';
import { PageHeader } from '@/src/common/crud';
import { ComposeDialog } from './ComposeDialog';
import { EmailPreferences } from './EmailPreferences';
import { InboxList } from './InboxList';
import { SentList } from './SentList';
import { useAudiences } from './useAudiences';

/** /notifications: the inbox for everyone; the sent list and the compose dialog for those who may send. */
export function NotificationsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useDataProvider<FlockDataProvider>();
  const audiences = useAudiences();
  const sends = !!audiences?.kinds.length;
  const [tab, setTab] = useState<'inbox' | 'sent'>('inbox');
  const [composing, setComposing] = useState(false);
  const markAll = async () => {
    await api.markAllNotificationsRead();
    notify('flock.notifications.all_read', { type: 'success' });
    refresh();
  };
  const actions = (
    <>
      <Button startIcon={<DoneAllIcon />} onClick={markAll}>
        {translate('flock.notifications.mark_all_read')}
      </Button>
      {sends && (
        <Button variant="contained" startIcon={<EditIcon />} onClick={() => setComposing(true)}>
          {translate('flock.notifications.compose')}
        </Button>
      )}
    </>
  );
  return (
    <>
      <PageHeader
        title={translate('flock.routes.notifications.title')}
        subtitle={translate('flock.notifications.intro')}
        actions={actions}
      />
      {sends && (
        <Tabs value={tab} onChange={(_e, value: 'inbox' | 'sent') => setTab(value)} sx={{ mb: 1 }}>
          <Tab value="inbox" label={translate('flock.notifications.tabs.inbox')} />
          <Tab value="sent" label={translate('flock.notifications.tabs.sent')} />
        </Tabs>
      )}
      {tab === 'sent' && sends ? <SentList /> : <InboxList />}
      <EmailPreferences />
      {composing && audiences && <ComposeDialog audiences={audiences} onClose={() => setComposing(false)} />}
    </>
  );
}
