import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { FormControlLabel, FormHelperText, Switch } from '@mui/material';
import type { CelebrationSettings } from '@/domain/celebrations/schemas';
import type { FlockDataProvider } from '@/src/dataProvider';

/** The office's switch: the church greets members on the day (each only with their consent). */
export function GreetingSetting() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const [settings, setSettings] = useState<CelebrationSettings>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    api.getCelebrationSettings<CelebrationSettings>().then(
      (res) => setSettings(res.data),
      (err: Error) => notify(err.message, { type: 'error' }),
    );
  }, [api, notify]);
  const choose = async (greetings: boolean) => {
    setSaving(true);
    try {
      const res = await api.updateCelebrationSettings<CelebrationSettings>({ greetings });
      setSettings(res.data);
      notify('flock.celebrations.greetings_saved', { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={settings?.greetings ?? false}
            disabled={!settings || saving}
            onChange={(event) => choose(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'greetings-help' } }}
          />
        }
        label={translate('flock.celebrations.greetings')}
      />
      <FormHelperText id="greetings-help" sx={{ mt: -1, mb: 1, ml: 6 }}>
        {translate('flock.celebrations.greetings_help')}
      </FormHelperText>
    </>
  );
}
