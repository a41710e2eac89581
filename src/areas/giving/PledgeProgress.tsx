import { useTranslate } from 'react-admin';
import { Box, LinearProgress, Typography } from '@mui/material';
import type { Pledge } from '@/domain/giving/pledges';
import { money } from './money';
import { percent, share, tp } from './pledgeText';

/** A pledge's progress: what was given of what was promised, in words and as a bar. */
export function PledgeProgress({ pledge }: { pledge: Pick<Pledge, 'given' | 'amount' | 'currency'> }) {
  const translate = useTranslate();
  const part = share(pledge.given, pledge.amount);
  const label = translate(tp('given_of'), { given: money(pledge.given, pledge.currency), amount: money(pledge.amount, pledge.currency) });
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="body2">
        {label} · {percent(part)}
      </Typography>
      <LinearProgress
        variant="determinate"
        // A gauge of a known whole, not something loading: a meter (waiting pages look for progressbars).
        role="meter"
        value={Math.min(part * 100, 100)}
        aria-label={label}
        color={part >= 1 ? 'success' : 'primary'}
        sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
      />
    </Box>
  );
}
