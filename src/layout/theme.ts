import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Preferences } from './preferences';

const BORDERED: RaThemeOptions['components'] = {
  MuiPaper: { defaultProps: { variant: 'outlined' } },
  MuiCard: { defaultProps: { variant: 'outlined' } },
};

/** The MUI theme of the preferences: light or dark palette, and the bordered skin's outlined papers. */
export function buildTheme({ theme, skin }: Pick<Preferences, 'theme' | 'skin'>): RaThemeOptions {
  const base = theme === 'dark' ? defaultDarkTheme : defaultLightTheme;
  const palette = { ...base.palette, mode: theme, primary: { main: theme === 'dark' ? '#90caf9' : '#3f51b5' } };
  return {
    ...base,
    palette,
    components: { ...base.components, ...(skin === 'bordered' ? BORDERED : {}) },
  };
}
