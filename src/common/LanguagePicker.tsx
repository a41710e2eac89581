import { useCallback } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Button, Stack } from '@mui/material';
import { LANGUAGES, type LanguageCode } from '@/domain/common/languages';
import { rememberLanguage } from '@/src/authProvider/session';
import type { FlockDataProvider } from '@/src/dataProvider';

type LanguagePickerProps = {
  /** Called after the screens have switched: the signed-in menu saves the choice on the person. */
  onChosen?: (code: LanguageCode) => void;
};

/**
 * The language of the screens: a button per language, each named in its own words ('Français'),
 * from the one list (domain/common/languages.ts), the current one pressed. Buttons rather than a
 * select: MUI's Select would bring its menu, popover and modal into the sign-in page's first
 * bundle, 13 kB over its budget (docs/decisions/0226-languages.md).
 */
export function LanguagePicker({ onChosen }: LanguagePickerProps) {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  return (
    <Stack direction="row" role="group" aria-label={translate('flock.language.label')} sx={{ flexWrap: 'wrap', gap: 1 }}>
      {LANGUAGES.map(({ code, name }) => (
        <Button
          key={code}
          lang={code}
          size="small"
          aria-pressed={code === locale}
          variant={code === locale ? 'outlined' : 'text'}
          onClick={() => {
            if (code === locale) return;
            setLocale(code);
            onChosen?.(code);
          }}
          // At least 44 px high: a finger's target on a phone.
          sx={{ minHeight: 44, textTransform: 'none' }}
        >
          {name}
        </Button>
      ))}
    </Stack>
  );
}

/**
 * Keeps a signed-in person's choice on the person (PUT /Auth/UpdateLanguage), so that the next
 * sign-in, on any device, and whatever is sent to them speak it too.
 */
export function useSaveLanguage() {
  const api = useDataProvider<FlockDataProvider>();
  const notify = useNotify();
  return useCallback(
    async (code: LanguageCode) => {
      try {
        await api.updateLanguage({ language: code });
        rememberLanguage(code);
        notify('flock.language.saved', { type: 'success' });
      } catch (err) {
        notify((err as Error).message, { type: 'error' });
      }
    },
    [api, notify],
  );
}
