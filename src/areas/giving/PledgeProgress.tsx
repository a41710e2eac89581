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
      <ShareMeter part={part} label={label} height={6} />
    </Box>
  );
}

/** A share of a known whole as a bar: a meter, not something loading (waiting pages look for progressbars). */
export function ShareMeter({ part, label, height }: { part: number; label: string; height: number }) {
  return (
    <LinearProgress
      variant="determinate"
      role="meter"
      value={Math.min(part * 100, 100)}
      aria-label={label}
      color={part >= 1 ? 'success' : 'primary'}
      sx={{ height, borderRadius: height / 2, mt: 0.5 }}
    />
  );
}
