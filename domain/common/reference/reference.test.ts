import { describe, expect, it } from 'vitest';
import { isSubSectorOf, loadCountries, loadNigerianStates, SECTOR_NAMES, SECTORS } from './index.js';

const countries = await loadCountries();
const nigeria = await loadNigerianStates();

describe('the world country list', () => {
  it('gives every country its codes and name', () => {
    expect(countries.length).toBeGreaterThan(240);
    for (const c of countries) {
      expect(c.code2, c.name).toMatch(/^[A-Z]{2}$/);
      expect(c.code3, c.name).toMatch(/^[A-Z]{3}$/);
      expect(c.name.trim()).not.toBe('');
      expect(typeof c.capital).toBe('string');
      expect(typeof c.region).toBe('string');
      expect(typeof c.subregion).toBe('string');
    }
    expect(new Set(countries.map((c) => c.code2)).size).toBe(countries.length);
  });

  it('gives states a code, a name and a subdivision kind or null', () => {
    const states = countries.flatMap((c) => c.states);
    for (const s of states) {
      expect(typeof s.code).toBe('string');
      expect(s.name.trim()).not.toBe('');
      expect(s.subdivision === null || typeof s.subdivision === 'string').toBe(true);
    }
    expect(states.some((s) => s.subdivision === null)).toBe(true);
    expect(states.some((s) => /^\d+$/.test(s.code))).toBe(true);
  });

  it('allows countries without states and without a capital', () => {
    expect(countries.some((c) => c.states.length === 0)).toBe(true);
    expect(countries.some((c) => c.capital === '')).toBe(true);
  });

  it('keeps two states of one name when their codes differ', () => {
    const duplicated = countries.filter((c) => new Set(c.states.map((s) => s.name)).size < c.states.length);
    expect(duplicated.length).toBeGreaterThan(0);
    for (const c of duplicated) expect(new Set(c.states.map((s) => s.code)).size, c.name).toBe(c.states.length);
  });

  it('lists Nigeria with its states, Lagos among them', () => {
    const ng = countries.find((c) => c.code2 === 'NG');
    expect(ng).toMatchObject({ name: 'Nigeria', code3: 'NGA', capital: 'Abuja', region: 'Africa' });
    expect(ng!.states.map((s) => s.name)).toContain('Lagos');
  });
});

describe('the Nigerian states and local government areas', () => {
  it('has 37 entries and 774 LGAs in all', () => {
    expect(nigeria).toHaveLength(37);
    expect(nigeria.reduce((n, s) => n + s.lgas.length, 0)).toBe(774);
  });

  it("lists the capital territory as 'Abuja FCT' with the alias abuja", () => {
    expect(nigeria.find((s) => s.alias === 'abuja')).toMatchObject({ state: 'Abuja FCT' });
    expect(nigeria.find((s) => s.state === 'Abuja FCT')!.lgas).toContain('Bwari');
  });

  it('gives every state a lower-case underscore alias, akwa_ibom and cross_river among them', () => {
    for (const s of nigeria) expect(s.alias, s.state).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(nigeria.find((s) => s.alias === 'akwa_ibom')?.state).toBe('Akwa Ibom');
    expect(nigeria.find((s) => s.alias === 'cross_river')?.state).toBe('Cross River');
    expect(new Set(nigeria.map((s) => s.alias)).size).toBe(37);
  });

  it('spells the states correctly (the source has Kastina)', () => {
    expect(nigeria.map((s) => s.state)).toContain('Katsina');
    expect(nigeria.map((s) => s.state)).not.toContain('Kastina');
  });
});

describe('the industry sectors', () => {
  it('has 17 sectors of 11 distinct sub-sectors each', () => {
    expect(SECTOR_NAMES).toHaveLength(17);
    for (const name of SECTOR_NAMES) {
      expect(SECTORS[name], name).toHaveLength(11);
      expect(new Set(SECTORS[name]).size, name).toBe(11);
    }
  });

  it('tells whether a sub-sector belongs to a sector', () => {
    expect(isSubSectorOf('Agriculture', 'Poultry')).toBe(true);
    expect(isSubSectorOf('Healthcare', 'Poultry')).toBe(false);
    expect(isSubSectorOf('Unknown', 'Poultry')).toBe(false);
  });
});
