import { useGetList, useTranslate } from 'react-admin';
import { Box, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import type { Meeting } from './meetingText';
import { useAllows } from '@/src/authProvider/useAllows';
import { formatInstant } from '@/src/i18n/formats';

/** The overview's next meetings the person is invited to, each with its time and venue. */
export function UpcomingMeetings() {
  const translate = useTranslate();
  const canAccess = useAllows('meetings', 'view');
  const { data = [] } = useGetList<Meeting>(
    'meetings',
    { filter: { upcoming: 'true' }, sort: { field: 'startsAt', order: 'ASC' }, pagination: { page: 1, perPage: 5 } },
    { enabled: !!canAccess },
  );
  if (!canAccess || data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="overview-meetings">
      <Card>
        <CardContent>
          <Typography id="overview-meetings" component="h2" variant="h6">
            {translate('flock.meetings.next')}
          </Typography>
          <List dense>
            {data.map((m) => (
              <ListItem key={m.id} disableGutters>
                <ListItemText
                  primary={m.title}
                  secondary={[formatInstant(m.startsAt, { dateStyle: 'medium', timeStyle: 'short' }), m.venue].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
          <Link to="/meetings">{translate('flock.meetings.all')}</Link>
        </CardContent>
      </Card>
    </Box>
  );
}
