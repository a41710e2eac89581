import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Theme } from '@mui/material/styles';
import { THUMB } from '@/src/common/thumb';
import type { Preferences } from './preferences';

const BORDERED: RaThemeOptions['components'] = {
  MuiPaper: { defaultProps: { variant: 'outlined' } },
  MuiCard: { defaultProps: { variant: 'outlined' } },
};

/**
 * On a phone (below 'sm') every dialog takes the whole screen, as MUI's fullScreen dialogs do:
 * a form dialog with a margin around it would be narrower than its fields. A list's buttons
 * (react-admin's TopToolbar) wrap onto more rows: in one row, aligned to its end, the first of
 * them went past the screen's left edge, where no scrolling reaches (docs/decisions/0224). A button
 * wider than the row (a long label, as French's) wraps its words instead of going past that edge.
 */
const PHONE: RaThemeOptions['components'] = {
  MuiDialog: {
    styleOverrides: {
      paper: ({ theme }: { theme: Theme }) => ({
        [theme.breakpoints.down('sm')]: { margin: 0, width: '100%', maxWidth: '100%', height: '100%', maxHeight: '100%', borderRadius: 0 },
      }),
    },
  },
  RaTopToolbar: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({
        [theme.breakpoints.down('sm')]: {
          flexWrap: 'wrap',
          whiteSpace: 'normal',
          paddingInline: theme.spacing(1),
          paddingBlock: theme.spacing(0.5),
        },
      }),
    },
  },
};

type Themed = { theme: Theme };
const onPhone = (theme: Theme, style: Record<string, unknown>) => ({ [theme.breakpoints.down('sm')]: style });

/**
 * On a phone every control is at least THUMB high (and an icon button as wide): buttons of every
 * size, icon buttons, inputs and selects (their frame, which focuses the input when tapped),
 * date fields, a checkbox or switch with its label, links, table sort headers and clickable chips.
 * The text keeps its size; the control grows its padding or its frame. Wider screens are used
 * with a mouse and keep MUI's sizes.
 */
const THUMB_SIZED: RaThemeOptions['components'] = {
  MuiButton: { styleOverrides: { root: ({ theme }: Themed) => onPhone(theme, { minHeight: THUMB }) } },
  MuiIconButton: { styleOverrides: { root: ({ theme }: Themed) => onPhone(theme, { minWidth: THUMB, minHeight: THUMB }) } },
  MuiToggleButton: { styleOverrides: { root: ({ theme }: Themed) => onPhone(theme, { minWidth: THUMB, minHeight: THUMB }) } },
  MuiInputBase: { styleOverrides: { root: ({ theme }: Themed) => onPhone(theme, { minHeight: THUMB }) } },
  MuiFormControlLabel: { styleOverrides: { root: ({ theme }: Themed) => onPhone(theme, { minHeight: THUMB }) } },
  // 9 px around a 24 px box is 42: one more pixel each side.
  MuiCheckbox: { styleOverrides: { root: ({ theme }: Themed) => onPhone(theme, { padding: 10 }) } },
  MuiRadio: { styleOverrides: { root: ({ theme }: Themed) => onPhone(theme, { padding: 10 }) } },
  MuiLink: {
    styleOverrides: {
      root: ({ theme }: Themed) => onPhone(theme, { display: 'inline-flex', alignItems: 'center', minHeight: THUMB }),
    },
  },
  // A menu's items (a list's 'Add filter' menu) were 28 px high on a phone.
  MuiMenuItem: { styleOverrides: { root: ({ theme }: Themed) => onPhone(theme, { minHeight: THUMB }) } },
  MuiTableSortLabel: { styleOverrides: { root: ({ theme }: Themed) => onPhone(theme, { minHeight: THUMB }) } },
  MuiChip: {
    styleOverrides: { clickable: ({ theme }: Themed) => onPhone(theme, { minHeight: THUMB, borderRadius: THUMB / 2 }) },
  },
};

/**
 * MUI X's date fields are not MUI's inputs: their frame (MuiPickersInputBase) holds the month, day
 * and year sections, and a tap anywhere on it focuses the first.
 */
const THUMB_SIZED_PICKERS = {
  MuiPickersInputBase: { styleOverrides: { root: ({ theme }: Themed) => onPhone(theme, { minHeight: THUMB }) } },
} as RaThemeOptions['components'];

/**
 * MUI's default avatar writes initials in the page's background colour on grey 400 (light), a
 * contrast of 1.8 that Lighthouse's accessibility audit fails on every list with initials
 * (docs/decisions/0238): a darker grey in light mode, a lighter one in dark mode.
 */
const READABLE_INITIALS = (dark: boolean): RaThemeOptions['components'] => ({
  MuiAvatar: {
    styleOverrides: { colorDefault: ({ theme }: Themed) => ({ backgroundColor: theme.palette.grey[dark ? 400 : 700] }) },
  },
});

/** The MUI theme of the preferences: light or dark palette, and the bordered skin's outlined papers. */
export function buildTheme({ theme, skin }: Pick<Preferences, 'theme' | 'skin'>): RaThemeOptions {
  const base = theme === 'dark' ? defaultDarkTheme : defaultLightTheme;
  const palette = { ...base.palette, mode: theme, primary: { main: theme === 'dark' ? '#90caf9' : '#3f51b5' } };
  return {
    ...base,
    palette,
    components: {
      ...base.components,
      ...PHONE,
      ...THUMB_SIZED,
      ...THUMB_SIZED_PICKERS,
      ...READABLE_INITIALS(theme === 'dark'),
      ...(skin === 'bordered' ? BORDERED : {}),
    },
  };
}
