import { useTranslate } from 'react-admin';
import { Box, LinearProgress, Typography } from '@mui/material';
import { money } from './money';
import { percent, share, tp } from './pledgeText';

/** What was raised against the goal: the figures in words and a bar that says its share aloud. */
export function CampaignProgress({ raised, goal, currency }: { raised: number; goal: number; currency: string }) {
  const translate = useTranslate();
  const part = share(raised, goal);
  const label = translate(tp('progress_of_goal'), { percent: percent(part) });
  return (
    <Box>
      <Typography variant="body2">
        {translate(tp('raised_of_goal'), { raised: money(raised, currency), goal: money(goal, currency) })} · {label}
      </Typography>
      <LinearProgress
        variant="determinate"
        // A gauge of a known whole, not something loading: a meter (waiting pages look for progressbars).
        role="meter"
        value={Math.min(part * 100, 100)}
        aria-label={label}
        color={part >= 1 ? 'success' : 'primary'}
        sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
      />
    </Box>
  );
}
