import { useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { money } from './money';
import { ShareMeter } from './PledgeProgress';
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
      <ShareMeter part={part} label={label} height={8} />
    </Box>
  );
}
