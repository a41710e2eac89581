import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { FormControl, FormControlLabel, FormLabel, IconButton, Popover, Radio, RadioGroup, Stack, Switch, Tooltip } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import { usePreferences, type Preferences } from './preferences';

type ChoiceKey = 'theme' | 'menuLayout' | 'skin';

function Choice<K extends ChoiceKey>({ name, options }: { name: K; options: ReadonlyArray<Preferences[K]> }) {
  const translate = useTranslate();
  const [preferences, setPreference] = usePreferences();
  const labelId = `settings-${name}`;
  const label = { theme: 'flock.settings.theme', menuLayout: 'flock.settings.menu_layout', skin: 'flock.settings.skin' }[name];
  return (
    <FormControl>
      <FormLabel id={labelId}>{translate(label)}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={name}
        value={preferences[name]}
        onChange={(event) => setPreference(name, event.target.value as Preferences[K])}
      >
        {options.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={translate(`flock.settings.${option}`)} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** The app-bar control for the display preferences (theme, semi-dark, menu layout, skin). */
export function SettingsMenu() {
  const translate = useTranslate();
  const [preferences, setPreference] = usePreferences();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on (so that closing still fades out), not with every page.
  const [opened, setOpened] = useState(false);
  const title = translate('flock.settings.title');
  return (
    <>
      <Tooltip title={title}>
        <IconButton
          color="inherit"
          aria-label={title}
          aria-haspopup="dialog"
          onClick={(event) => {
            setOpened(true);
            setAnchor(event.currentTarget);
          }}
        >
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      {opened && (
        <Popover
          open={!!anchor}
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ paper: { role: 'dialog', 'aria-label': title } as object }}
        >
          <Stack spacing={2} sx={{ p: 2, minWidth: 260 }}>
            <Choice name="theme" options={['light', 'dark']} />
            <FormControlLabel
              control={<Switch checked={preferences.semiDark} onChange={(event) => setPreference('semiDark', event.target.checked)} />}
              label={translate('flock.settings.semi_dark')}
              disabled={preferences.theme === 'dark'}
            />
            <Choice name="menuLayout" options={['vertical', 'horizontal']} />
            <Choice name="skin" options={['default', 'bordered']} />
          </Stack>
        </Popover>
      )}
    </>
  );
}
