import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Theme } from '@mui/material/styles';
import type { Preferences } from './preferences';

const BORDERED: RaThemeOptions['components'] = {
  MuiPaper: { defaultProps: { variant: 'outlined' } },
  MuiCard: { defaultProps: { variant: 'outlined' } },
};

/**
 * On a phone (below 'sm') every dialog takes the whole screen, as MUI's fullScreen dialogs do:
 * a form dialog with a margin around it would be narrower than its fields.
 */
const PHONE: RaThemeOptions['components'] = {
  MuiDialog: {
    styleOverrides: {
      paper: ({ theme }: { theme: Theme }) => ({
        [theme.breakpoints.down('sm')]: { margin: 0, width: '100%', maxWidth: '100%', height: '100%', maxHeight: '100%', borderRadius: 0 },
      }),
    },
  },
};

/** The MUI theme of the preferences: light or dark palette, and the bordered skin's outlined papers. */
export function buildTheme({ theme, skin }: Pick<Preferences, 'theme' | 'skin'>): RaThemeOptions {
  const base = theme === 'dark' ? defaultDarkTheme : defaultLightTheme;
  const palette = { ...base.palette, mode: theme, primary: { main: theme === 'dark' ? '#90caf9' : '#3f51b5' } };
  return {
    ...base,
    palette,
    components: { ...base.components, ...PHONE, ...(skin === 'bordered' ? BORDERED : {}) },
  };
}
