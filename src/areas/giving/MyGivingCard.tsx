import { useDataProvider, useTranslate } from 'react-admin';
import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Contribution } from '@/domain/giving/schemas';
import type { FlockDataProvider } from '@/src/dataProvider';
import { t } from './givingText';
import { money } from './money';

/** A refund or a reversal takes money back: it counts against the year's total. */
const signed = (c: Contribution) => (c.kind === 'gift' ? c.amount : -c.amount);

/**
 * 'My giving' on one's own profile: one's own gifts as they count (approved batches, refunds and
 * corrections), and those given in one's family's name, marked as such (docs/decisions/0244),
 * newest first, with this year's total. The server answers the caller's own and family's only.
 */
export function MyGivingCard() {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const { data: gifts, isSuccess } = useQuery({
    queryKey: ['myGiving'],
    queryFn: async () => (await api.getMyGiving<Contribution[]>()).data,
  });
  if (!isSuccess) return null;
  const year = new Date().getFullYear();
  const inYear = gifts.filter((g) => g.date.startsWith(String(year)));
  // One's own total, and the family's apart: what the family gave in its name is not one's own.
  const thisYear = inYear.filter((g) => !g.householdId).reduce((sum, g) => sum + signed(g), 0);
  const family = inYear.filter((g) => g.householdId);
  const familyYear = family.reduce((sum, g) => sum + signed(g), 0);
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6">
          {translate(t('my_giving'))}
        </Typography>
        {!gifts.length ? (
          <Typography variant="body2">{translate(t('my_giving_none'))}</Typography>
        ) : (
          <>
            <Typography>{translate(t('my_giving_year'), { year, amount: money(thisYear, gifts[0].currency) })}</Typography>
            {family.length > 0 && (
              <Typography>
                {translate(t('my_family_year'), { name: family[0].giverName ?? '', year, amount: money(familyYear, family[0].currency) })}
              </Typography>
            )}
            <List dense aria-label={translate(t('my_giving'))}>
              {[...gifts].reverse().map((g) => (
                <ListItem key={g.id} disableGutters>
                  <ListItemText
                    primary={`${g.date}: ${g.kind === 'gift' ? '' : '−'}${money(g.amount, g.currency)}`}
                    secondary={[
                      g.splits.map((s) => s.fundName).join(', '),
                      translate(t(`kinds.${g.kind}`)),
                      g.householdId && translate(t('my_family_gift'), { name: g.giverName ?? '' }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </CardContent>
    </Card>
  );
}
