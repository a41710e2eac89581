// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { readPreferences, writePreference } from './preferences';
import { buildTheme } from './theme';

beforeEach(() => localStorage.clear());

describe('display preferences', () => {
  it('default to light, not semi-dark, vertical and the default skin', () => {
    expect(readPreferences()).toEqual({ theme: 'light', semiDark: false, menuLayout: 'vertical', skin: 'default' });
  });

  it("are stored under the spec's keys 'theme' and 'semiDark' (and menuLayout, skin)", () => {
    writePreference('theme', 'dark');
    writePreference('semiDark', true);
    writePreference('menuLayout', 'horizontal');
    writePreference('skin', 'bordered');
    expect({ ...localStorage }).toEqual({ theme: 'dark', semiDark: 'true', menuLayout: 'horizontal', skin: 'bordered' });
    expect(readPreferences()).toEqual({ theme: 'dark', semiDark: true, menuLayout: 'horizontal', skin: 'bordered' });
  });

  it('ignore values they do not know', () => {
    localStorage.setItem('theme', 'purple');
    localStorage.setItem('skin', 'bordered');
    expect(readPreferences()).toMatchObject({ theme: 'light', skin: 'bordered' });
  });
});

describe('buildTheme', () => {
  it('gives the dark palette and, with the bordered skin, outlined papers and cards', () => {
    const theme = buildTheme({ theme: 'dark', skin: 'bordered' });
    expect(theme.palette?.mode).toBe('dark');
    expect(theme.components?.MuiPaper?.defaultProps?.variant).toBe('outlined');
    expect(theme.components?.MuiCard?.defaultProps?.variant).toBe('outlined');
    expect(buildTheme({ theme: 'light', skin: 'default' }).components?.MuiPaper).toBeUndefined();
  });
});
