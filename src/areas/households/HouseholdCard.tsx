import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, CardContent, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Household } from '@/domain/households/schemas';
import type { FlockDataProvider } from '@/src/dataProvider';
import { t } from './memberInputs';

/**
 * A person's household on their profile (docs/decisions/0213-households.md): the family's name,
 * the person's role in it, the shared address and the other members, with a link to the family
 * page. Nothing shows while the server refuses the viewer.
 */
export function HouseholdCard({ userId }: { userId: string }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const { data: household, isSuccess } = useQuery({
    queryKey: ['personHousehold', userId],
    queryFn: async () => (await api.getPersonHousehold<Household | null>({ userId })).data,
  });
  if (!isSuccess) return null;
  const own = household?.members.find((m) => m.userId === userId);
  const others = household?.members.filter((m) => m !== own) ?? [];
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6">
          {translate(t('on_profile'))}
        </Typography>
        {!household ? (
          <Typography variant="body2">{translate(t('none_on_profile'))}</Typography>
        ) : (
          <>
            <Typography>
              {household.name}
              {own && ` · ${translate(t(`roles.${own.role}`))}`}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {household.address ?? translate(t('no_address'))}
            </Typography>
            {others.length > 0 && (
              <List dense aria-label={translate(t('other_members'))}>
                {others.map((m) => (
                  <ListItem key={m.id} disableGutters>
                    <ListItemText
                      primary={
                        m.userId ? (
                          <Link component={RouterLink} to={`/profile/${m.userId}`} sx={{ display: 'inline-block', minHeight: 44, py: 1 }}>
                            {m.fullName}
                          </Link>
                        ) : (
                          m.fullName
                        )
                      }
                      secondary={translate(t(`roles.${m.role}`))}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            <Button component={RouterLink} to={`/households/${household.id}`} sx={{ minHeight: 44 }}>
              {translate(t('open_family'))}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
