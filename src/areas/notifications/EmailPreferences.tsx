import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Checkbox, FormControlLabel, FormGroup, FormLabel, Paper } from '@mui/material';
import { EMAIL_CATEGORIES } from '@/domain/notifications/schemas';
import type { FlockDataProvider } from '@/src/dataProvider';

/** Which notifications also come by email: the member's opt-outs, kept on their account. */
export function EmailPreferences() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const [optedOut, setOptedOut] = useState<string[] | null>(null);
  useEffect(() => {
    void api.getEmailPreferences<{ optedOut: string[] }>().then(
      (r) => setOptedOut(r.data.optedOut),
      () => setOptedOut([]),
    );
  }, [api]);
  const toggle = async (category: string, wanted: boolean) => {
    if (!optedOut) return;
    const next = wanted ? optedOut.filter((c) => c !== category) : [...optedOut, category];
    setOptedOut(next);
    try {
      await api.updateEmailPreferences({ optedOut: next });
      notify('flock.notifications.email.saved', { type: 'success' });
    } catch (err) {
      setOptedOut(optedOut);
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    // Laid out before the choices arrive (boxes disabled), so nothing below jumps.
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} component="fieldset" aria-busy={!optedOut}>
      <FormLabel component="legend">{translate('flock.notifications.email.title')}</FormLabel>
      <FormGroup>
        {EMAIL_CATEGORIES.map((c) => (
          <FormControlLabel
            key={c}
            control={
              <Checkbox checked={!!optedOut && !optedOut.includes(c)} disabled={!optedOut} onChange={(e) => toggle(c, e.target.checked)} />
            }
            label={translate(`flock.notifications.email.${c}`)}
          />
        ))}
      </FormGroup>
    </Paper>
  );
}
