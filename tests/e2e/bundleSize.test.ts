import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginPageJs } from '@/tests/support/initialJs.js';

/** Most members open Flock on a phone on mobile data. */
const LOGIN_BUDGET = 250 * 1024;

describe('the built web app', () => {
  it("keeps the login page's JavaScript within 250 kB gzipped", () => {
    const files = loginPageJs(path.resolve('dist'));
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    const largest = [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 5);
    const detail = largest.map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} kB`).join(', ');
    expect(total, `${(total / 1024).toFixed(1)} kB gzipped; largest: ${detail}`).toBeLessThanOrEqual(LOGIN_BUDGET);
    // the measure sees the app itself, not only a shell
    expect(files.some((f) => /LoginPage-/.test(f.file))).toBe(true);
  });

  it('loads neither the date pickers, the charts nor the country list before sign-in', () => {
    const files = loginPageJs(path.resolve('dist')).map((f) => f.file);
    for (const heavy of [/countries-/, /x-date-pickers|DatePicker/, /x-charts|Chart/]) {
      expect(files.filter((f) => heavy.test(f))).toEqual([]);
    }
  });
});
