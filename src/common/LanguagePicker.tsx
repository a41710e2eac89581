import { useCallback } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { TextField } from '@mui/material';
import { LANGUAGES, type LanguageCode } from '@/domain/common/languages';
import { rememberLanguage } from '@/src/authProvider/session';
import type { FlockDataProvider } from '@/src/dataProvider';

type LanguagePickerProps = {
  /** Called after the screens have switched: the signed-in menu saves the choice on the person. */
  onChosen?: (code: LanguageCode) => void;
};

/**
 * The language of the screens, each named in its own words ('Français'), from the one list
 * (domain/common/languages.ts). A native select: small on the sign-in page, and phones open
 * their own picker (docs/decisions/0226-languages.md).
 */
export function LanguagePicker({ onChosen }: LanguagePickerProps) {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  return (
    <TextField
      select
      size="small"
      label={translate('flock.language.label')}
      value={locale}
      onChange={(event) => {
        const code = event.target.value as LanguageCode;
        setLocale(code);
        onChosen?.(code);
      }}
      slotProps={{ select: { native: true }, htmlInput: { lang: locale }, inputLabel: { shrink: true } }}
      // At least 44 px high: a finger's target on a phone.
      sx={{ minWidth: 160, '& .MuiInputBase-root': { minHeight: 44 } }}
    >
      {LANGUAGES.map(({ code, name }) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </TextField>
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
