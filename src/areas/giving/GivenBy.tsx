import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { t } from './givingText';

export type By = 'person' | 'family';

/**
 * Whether a gift is a person's or given in a family's name (docs/decisions/0244-family-giver.md);
 * `anonymous` where a person's field may stay empty (a batch's entry), not where a giver is asked for.
 */
export function GivenBy({ by, onChange, anonymous = false }: { by: By; onChange: (by: By) => void; anonymous?: boolean }) {
  const translate = useTranslate();
  const labelId = useId();
  const labels = { person: anonymous ? 'by_person' : 'by_person_only', family: 'by_family' };
  return (
    <div>
      <FormLabel id={labelId}>{translate(t('given_by'))}</FormLabel>
      <RadioGroup row aria-labelledby={labelId} value={by} onChange={(e) => onChange(e.target.value as By)}>
        {(['person', 'family'] as const).map((value) => (
          <FormControlLabel key={value} value={value} control={<Radio />} label={translate(t(labels[value]))} sx={{ minHeight: 44 }} />
        ))}
      </RadioGroup>
    </div>
  );
}
