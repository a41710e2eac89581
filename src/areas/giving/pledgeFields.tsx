import { useTranslate } from 'react-admin';
import { MenuItem, Stack, TextField } from '@mui/material';
import { nairaToKobo } from '@/domain/giving/schemas';
import { tp } from './pledgeText';

/** The fields a campaign's form and a pledge's form share (docs/decisions/0234). */

/** A fund chosen from those given. */
export function FundSelect({
  funds,
  value,
  onChange,
}: {
  funds: { id: string; name: string }[];
  value: string;
  onChange: (id: string) => void;
}) {
  const translate = useTranslate();
  return (
    <TextField select label={translate(tp('fund'))} value={value} onChange={(e) => onChange(e.target.value)} required>
      {funds.map((f) => (
        <MenuItem key={f.id} value={f.id} sx={{ minHeight: 44 }}>
          {f.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** An amount typed in naira, read into kobo by its digits (nairaToKobo), said wrong while it is not one. */
export function NairaField({ label, text, onChange }: { label: string; text: string; onChange: (text: string) => void }) {
  const translate = useTranslate();
  const wrong = text !== '' && !nairaToKobo(text);
  return (
    <TextField
      label={label}
      value={text}
      onChange={(e) => onChange(e.target.value)}
      required
      error={wrong}
      helperText={translate(tp(wrong ? 'amount_invalid' : 'naira_help'))}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
}

/** Whether a period ends before it starts. */
export const endsBeforeStart = (startsOn: string, endsOn: string) => Boolean(startsOn && endsOn) && endsOn < startsOn;

type Period = { startsOn: string; endsOn: string; onStartsOn: (day: string) => void; onEndsOn: (day: string) => void };

/** A first and a last day, side by side from a tablet up; the last said wrong when it comes first. */
export function PeriodFields({ startsOn, endsOn, onStartsOn, onEndsOn }: Period) {
  const translate = useTranslate();
  const backwards = endsBeforeStart(startsOn, endsOn);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        type="date"
        label={translate(tp('starts_on'))}
        value={startsOn}
        onChange={(e) => onStartsOn(e.target.value)}
        required
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        label={translate(tp('ends_on'))}
        value={endsOn}
        onChange={(e) => onEndsOn(e.target.value)}
        required
        fullWidth
        error={backwards}
        helperText={backwards ? translate(tp('ends_before')) : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Stack>
  );
}
