import { useEffect } from 'react';
import { useStore } from 'react-admin';
import { browserLanguage } from '@/domain/common/languages';

/**
 * Before anyone chooses, the screens speak the browser's language when Flock has it; a choice
 * (the picker, or the person's language at sign-in) is kept in react-admin's 'locale' store key,
 * which react-admin applies before it renders (docs/decisions/0226-languages.md).
 */
export function BrowserLanguage() {
  const [locale, setLocale] = useStore<string | undefined>('locale');
  useEffect(() => {
    if (!locale) setLocale(browserLanguage(navigator.languages ?? [navigator.language]));
  }, [locale, setLocale]);
  return null;
}
