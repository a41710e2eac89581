import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useAllows } from '@/src/authProvider/useAllows';
import { Box, Button, Tab, Tabs, ToggleButton, ToggleButtonGroup } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { localDay } from '@/domain/appointments/slots';
import { PageHeader } from '@/src/common/crud';
import { AppointmentList } from './AppointmentList';
import { AvailabilityEditor } from './AvailabilityEditor';
import { BookDialog } from './BookDialog';

type TabKey = 'mine' | 'hosting' | 'availability' | 'all';
type Span = 'day' | 'week' | 'all';

/** The host's day, the next seven days, or everything. */
function spanFilter(span: Span): Record<string, string> {
  const today = new Date();
  if (span === 'all') return {};
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate() + (span === 'day' ? 0 : 6));
  return { from: localDay(today), to: localDay(end) };
}

/** /appointments: book a slot; one's own appointments; for hosts their day and week and their availability; for overseers all. */
export function AppointmentsPage() {
  const translate = useTranslate();
  const books = useAllows('appointments', 'create');
  const hosts = useAllows('appointments', 'host');
  const oversees = useAllows('appointments', 'oversee');
  const [tab, setTab] = useState<TabKey>('mine');
  const [span, setSpan] = useState<Span>('week');
  const [booking, setBooking] = useState(false);
  const tabs: TabKey[] = ['mine', ...(hosts ? (['hosting', 'availability'] as const) : []), ...(oversees ? (['all'] as const) : [])];
  const current = tabs.includes(tab) ? tab : 'mine';
  return (
    <>
      <PageHeader
        title={translate('flock.routes.appointments.title')}
        subtitle={translate('flock.appointments.intro')}
        actions={
          books && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setBooking(true)}>
              {translate('flock.appointments.book')}
            </Button>
          )
        }
      />
      <Tabs value={current} onChange={(_e, key: TabKey) => setTab(key)} sx={{ mb: 1 }} variant="scrollable">
        {tabs.map((key) => (
          <Tab key={key} value={key} label={translate(`flock.appointments.tabs.${key}`)} />
        ))}
      </Tabs>
      {current === 'mine' && <AppointmentList key="mine" hosting={false} filter={{ role: 'member' }} />}
      {current === 'hosting' && (
        <>
          <Box sx={{ mb: 1 }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={span}
              onChange={(_e, v: Span | null) => v && setSpan(v)}
              aria-label={translate('flock.appointments.span')}
            >
              {(['day', 'week', 'all'] as const).map((s) => (
                <ToggleButton key={s} value={s}>
                  {translate(`flock.appointments.spans.${s}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          <AppointmentList key={`hosting-${span}`} hosting filter={{ role: 'host', ...spanFilter(span) }} />
        </>
      )}
      {current === 'availability' && <AvailabilityEditor />}
      {current === 'all' && <AppointmentList key="all" hosting filter={{}} />}
      {booking && <BookDialog onClose={() => setBooking(false)} />}
    </>
  );
}
