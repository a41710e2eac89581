import { useTranslate } from 'react-admin';
import { Alert, Button, IconButton, MenuItem, Stack, TextField } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { nairaToKobo, type Fund, type SplitInput } from '@/domain/giving/schemas';
import { t } from './givingText';
import { money } from './money';

/** One fund's share of a gift as typed: the fund and its amount in naira. */
export type Part = { fundId: string; amount: string };

/** The typed shares as the server takes them, or null while one of them is not a fund with an amount. */
export function partsAsSplits(parts: readonly Part[]): SplitInput[] | null {
  const splits = parts.map((p) => ({ fundId: p.fundId, amount: nairaToKobo(p.amount) ?? 0 }));
  return splits.every((s) => s.fundId && s.amount) ? splits : null;
}

/** What is left to share out of the gift's amount (negative: shared out beyond it). */
const leftOf = (total: number, parts: readonly Part[]) => parts.reduce((left, p) => left - (nairaToKobo(p.amount) ?? 0), total);

type Props = { parts: Part[]; onChange: (parts: Part[]) => void; funds: Fund[]; total: number | null; currency: string };

/**
 * One gift shared across funds (a tithe and a building pledge in one transfer): a fund and an
 * amount per row, each fund once, and what is left to share out, read aloud as it changes
 * (docs/decisions/0240). The server checks again that the shares add up.
 */
export function FundSplits({ parts, onChange, funds, total, currency }: Props) {
  const translate = useTranslate();
  const change = (index: number, part: Partial<Part>) => onChange(parts.map((p, i) => (i === index ? { ...p, ...part } : p)));
  const left = leftOf(total ?? 0, parts);
  const [key, severity] =
    left === 0
      ? (['split_even', 'success'] as const)
      : left > 0
        ? (['split_left', 'warning'] as const)
        : (['split_over', 'error'] as const);
  return (
    <Stack spacing={1.5}>
      {parts.map((part, index) => {
        const n = index + 1;
        const takenElsewhere = new Set(parts.filter((_, i) => i !== index).map((p) => p.fundId));
        return (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              select
              fullWidth
              label={translate(t('split_fund'), { n })}
              value={part.fundId}
              onChange={(e) => change(index, { fundId: e.target.value })}
            >
              {funds
                .filter((f) => !takenElsewhere.has(f.id))
                .map((f) => (
                  <MenuItem key={f.id} value={f.id} sx={{ minHeight: 44 }}>
                    {f.name}
                  </MenuItem>
                ))}
            </TextField>
            <TextField
              fullWidth
              label={translate(t('split_amount'), { n })}
              value={part.amount}
              onChange={(e) => change(index, { amount: e.target.value })}
              error={part.amount !== '' && !nairaToKobo(part.amount)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <IconButton
              onClick={() => onChange(parts.filter((_, i) => i !== index))}
              disabled={parts.length <= 2}
              aria-label={translate(t('remove_split'), { n })}
              sx={{ width: 44, height: 44, flexShrink: 0 }}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        );
      })}
      <Button
        onClick={() => onChange([...parts, { fundId: '', amount: '' }])}
        disabled={parts.length >= Math.min(20, funds.length)}
        sx={{ minHeight: 44, alignSelf: 'flex-start' }}
      >
        {translate(t('add_split'))}
      </Button>
      {total !== null && (
        <Alert severity={severity} role="status" aria-live="polite">
          {translate(t(key), { amount: money(Math.abs(left), currency) })}
        </Alert>
      )}
    </Stack>
  );
}

/** True when every share is a fund with an amount and together they are the gift's amount. */
export const partsAddUp = (total: number | null, parts: readonly Part[]) =>
  total !== null && partsAsSplits(parts) !== null && leftOf(total, parts) === 0;
