import { useSyncExternalStore } from 'react';

/**
 * Display preferences, kept in local storage under the product's keys 'theme' and 'semiDark'
 * plus 'menuLayout' and 'skin'. They belong to the device, not to the
 * signed-in user, so logout keeps them (see authProvider/session.ts).
 */
export type Preferences = {
  theme: 'light' | 'dark';
  semiDark: boolean;
  menuLayout: 'vertical' | 'horizontal';
  skin: 'default' | 'bordered';
};

const DEFAULT_PREFERENCES: Preferences = { theme: 'light', semiDark: false, menuLayout: 'vertical', skin: 'default' };
export const PREFERENCE_KEYS = Object.keys(DEFAULT_PREFERENCES) as Array<keyof Preferences>;

const CHOICES: { [K in keyof Preferences]: ReadonlyArray<string> } = {
  theme: ['light', 'dark'],
  semiDark: ['true', 'false'],
  menuLayout: ['vertical', 'horizontal'],
  skin: ['default', 'bordered'],
};

function readOne<K extends keyof Preferences>(key: K): Preferences[K] {
  const stored = localStorage.getItem(key);
  if (stored === null || !CHOICES[key].includes(stored)) return DEFAULT_PREFERENCES[key];
  return (key === 'semiDark' ? stored === 'true' : stored) as Preferences[K];
}

const listeners = new Set<() => void>();
let snapshot: { raw: string; value: Preferences } | undefined;

/** The stored preferences; the same object while nothing changed (useSyncExternalStore needs that). */
export function readPreferences(): Preferences {
  const value = Object.fromEntries(PREFERENCE_KEYS.map((k) => [k, readOne(k)])) as Preferences;
  const raw = JSON.stringify(value);
  if (snapshot?.raw !== raw) snapshot = { raw, value };
  return snapshot.value;
}

export function writePreference<K extends keyof Preferences>(key: K, value: Preferences[K]): void {
  localStorage.setItem(key, String(value));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function usePreferences(): [Preferences, typeof writePreference] {
  return [useSyncExternalStore(subscribe, readPreferences), writePreference];
}
