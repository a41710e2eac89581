import { useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useAllows } from '@/src/authProvider/useAllows';
import { whatLabel, whoLabel } from './celebrationText';
import { useCelebrations } from './useCelebrations';

const SHOWN = 5;

function ThisWeek() {
  const translate = useTranslate();
  const loaded = useCelebrations('week', 'mine');
  // A leader whose scope is empty (a head without a department yet) or a failed call: no card.
  if (!loaded || 'error' in loaded) return null;
  const { rows } = loaded.list;
  return (
    <Box component="section" aria-labelledby="overview-celebrations">
      <Card>
        <CardContent>
          <Typography id="overview-celebrations" component="h2" variant="h6">
            {translate('flock.celebrations.card_title')}
          </Typography>
          {rows.length === 0 ? (
            <Typography color="text.secondary">{translate('flock.celebrations.card_empty')}</Typography>
          ) : (
            <List dense>
              {rows.slice(0, SHOWN).map((row) => (
                <ListItem key={`${row.userId} ${row.kind}`} disableGutters>
                  <ListItemText primary={whoLabel(row, translate)} secondary={whatLabel(row, translate)} />
                </ListItem>
              ))}
              {rows.length > SHOWN && (
                <Typography color="text.secondary">
                  {translate('flock.celebrations.card_more', { smart_count: rows.length - SHOWN })}
                </Typography>
              )}
            </List>
          )}
          <Button component={Link} to="/celebrations">
            {translate('flock.celebrations.card_all')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}

/** The overview's card of this week's birthdays and anniversaries, for leaders (the office, heads of department, CIH leaders). */
export function CelebrationsCard() {
  const allowed = useAllows('celebrations', 'view');
  return allowed ? <ThisWeek /> : null;
}
