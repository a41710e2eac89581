import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, CardContent, FormControlLabel, FormHelperText, Skeleton, Switch, Typography } from '@mui/material';
import { CONSENT_CATEGORIES, type ConsentCategory } from '@/domain/profile/consent';
import type { FlockDataProvider } from '@/src/dataProvider';
import { formatInstant } from '@/src/i18n/formats';

type Choice = { granted: boolean; at: string } | null;
type Consents = { current: Record<ConsentCategory, Choice> };

/** One's own consents on one's profile: each switch records a choice at once, with its time and the wording's version (server). */
export function ConsentChoices() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const [state, setState] = useState<Consents | undefined>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState<ConsentCategory | null>(null);
  const load = useCallback(
    () =>
      api.getMyConsents<Consents>().then(
        (res) => setState(res.data),
        (err: Error) => setError(err.message),
      ),
    [api],
  );
  useEffect(() => {
    load();
  }, [load]);
  const choose = async (category: ConsentCategory, granted: boolean) => {
    setSaving(category);
    try {
      const res = await api.updateMyConsents<Consents>({ [category]: granted });
      setState(res.data);
      notify('flock.stewardship.consent_saved', { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setSaving(null);
    }
  };
  const since = (choice: Choice) =>
    choice
      ? translate(choice.granted ? 'flock.stewardship.consent_given' : 'flock.stewardship.consent_withdrawn', {
          date: formatInstant(choice.at, { year: 'numeric', month: 'numeric', day: 'numeric' }),
        })
      : translate('flock.stewardship.consent_none');
  return (
    <CardContent component="section" aria-labelledby="consent-title">
      <Typography id="consent-title" component="h2" variant="subtitle1" gutterBottom>
        {translate('flock.stewardship.consent_title')}
      </Typography>
      {error && <Alert severity="error">{translate('flock.stewardship.consent_load_error', { message: error })}</Alert>}
      {/* Laid out before the choices arrive (switches off and disabled), so nothing below jumps. */}
      {!error &&
        CONSENT_CATEGORIES.map((category) => (
          <Box key={category}>
            <FormControlLabel
              control={
                <Switch
                  checked={state?.current[category]?.granted ?? false}
                  disabled={!state || saving !== null}
                  onChange={(event) => choose(category, event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': `consent-${category}-since` } }}
                />
              }
              label={translate(`flock.stewardship.consent.${category}`)}
            />
            <FormHelperText id={`consent-${category}-since`} sx={{ mt: -1, mb: 1, ml: 6 }}>
              {state ? since(state.current[category]) : <Skeleton width="12em" />}
            </FormHelperText>
          </Box>
        ))}
    </CardContent>
  );
}
