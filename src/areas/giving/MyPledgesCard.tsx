import { useDataProvider, useTranslate } from 'react-admin';
import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Pledge } from '@/domain/giving/pledges';
import type { FlockDataProvider } from '@/src/dataProvider';
import { PledgeProgress } from './PledgeProgress';
import { shortDay, tp } from './pledgeText';

/**
 * 'My pledges' on one's own profile, beside 'My giving': one's own pledges and one's family's,
 * each with what was given towards it. The server answers the caller's own only; the card shows
 * only when there is one.
 */
export function MyPledgesCard() {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const { data: pledges, isSuccess } = useQuery({
    queryKey: ['myPledges'],
    queryFn: async () => (await api.getMyPledges<Pledge[]>()).data,
  });
  if (!isSuccess || !pledges.length) return null;
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6">
          {translate(tp('my_pledges'))}
        </Typography>
        <List dense aria-label={translate(tp('my_pledges'))}>
          {pledges.map((p) => (
            <ListItem key={p.id} disableGutters sx={{ display: 'block' }}>
              <ListItemText
                primary={[p.campaignName ?? p.fundName, p.householdId ? translate(tp('family_pledge')) : null].filter(Boolean).join(' · ')}
                secondary={translate(tp('period'), { start: shortDay(p.startsOn), end: shortDay(p.endsOn) })}
              />
              <PledgeProgress pledge={p} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
