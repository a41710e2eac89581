import { useEffect, useRef, useState, type RefObject } from 'react';
import { Form, useLocaleState, useLogin, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Box, Button, Link } from '@mui/material';
import { isLanguageCode } from '@/domain/common/languages';
import { REDIRECT_PARAM, safeRedirect } from '@/src/authProvider/redirect';
import { storedLanguage } from '@/src/authProvider/session';
import { APP_NAME } from '@/src/config';
import { preloadEndpoints } from '@/src/endpointTable';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import { AuthCard, FormStatus } from './AuthCard';
import { LoginInput, LoginInputPlace, LoginPasswordInput } from './LoginInput';
import { loginShellShown, takeOverLoginShell } from './loginShell';
import { useFormContext, type FieldValues, type Resolver } from 'react-hook-form';

/** The server's message for an unverified profile contains this text. */
const NOT_ACTIVATED = 'Your profile has not been activated';
/** The email-verify redirect delay. */
const EMAIL_VERIFY_DELAY_MS = 2000;

/**
 * zod and the schema load on the first key or the submit, not before the page shows: the first
 * page a phone opens stays small, and the form still checks with the server's schema.
 */
const loadResolver = () => import('./loginResolver').then((m) => m.loginResolver);
const resolver: Resolver<FieldValues> = async (values, context, options) => (await loadResolver())(values, context, options);
/** What signing in needs beyond the page: the resolver and the endpoint table (src/App.tsx), fetched at the first key. */
const loadSignIn = () => {
  void loadResolver().catch(() => undefined);
  preloadEndpoints();
};

/**
 * index.html's static copy of the form stays the one typed in until the real form is mounted; then
 * it gives way in one task, handing over its values, caret and a pending Sign in (loginShell.ts).
 * The timer runs after the form's own mount effects: react-admin's form resets itself then, which
 * would drop the values and cancel a submit.
 */
function ShellTakeover({ formBox, showFields }: { formBox: RefObject<HTMLDivElement | null>; showFields: () => void }) {
  const { setValue } = useFormContext();
  useEffect(() => {
    const timer = setTimeout(() => {
      if (takeOverLoginShell(showFields, () => formBox.current?.querySelector('form'), setValue)) loadSignIn();
    });
    return () => clearTimeout(timer);
  }, [formBox, showFields, setValue]);
  return null;
}

/** The login page at '/': after success, back to redirect_from when it is a path of this site. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [, setLocale] = useLocaleState();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { loading, error, run } = useRemoteOperation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const formBox = useRef<HTMLDivElement>(null);
  // While index.html's static form is shown, the real one is mounted beneath it without its fields
  // (the page never holds two fields of one label), hidden from the keyboard and screen readers.
  const [shellHeld, setShellHeld] = useState(loginShellShown);
  const [showFields] = useState(() => () => setShellHeld(false));

  const submit = async (values: FieldValues) => {
    const target = safeRedirect(searchParams.get(REDIRECT_PARAM));
    const outcome = await run(() => login({ username: values.username, password: values.password }, target));
    // The screens speak the person's language from now on (docs/decisions/0226-languages.md).
    const language = outcome.ok ? storedLanguage() : undefined;
    if (isLanguageCode(language)) setLocale(language);
    if (!outcome.ok && outcome.error.message.includes(NOT_ACTIVATED)) {
      const path = `/email-verify/${encodeURIComponent(values.username)}`;
      timer.current = setTimeout(() => navigate(path), EMAIL_VERIFY_DELAY_MS);
    }
  };

  return (
    <AuthCard
      titleKey="flock.routes.login.title"
      intro={`${translate('flock.auth.welcome', { app: APP_NAME })} ${translate('flock.auth.login_intro')}`}
      links={
        <>
          <Link component={RouterLink} to="/forgot-password">
            {translate('flock.auth.forgot_password')}
          </Link>
          <Link component={RouterLink} to="/register">
            {translate('flock.auth.no_account')}
          </Link>
        </>
      }
    >
      <Box ref={formBox} onKeyDownCapture={loadSignIn} inert={shellHeld} aria-hidden={shellHeld || undefined}>
        <Form onSubmit={submit} resolver={resolver} noValidate>
          {shellHeld ? (
            <>
              <ShellTakeover formBox={formBox} showFields={showFields} />
              <LoginInputPlace />
              <LoginInputPlace />
            </>
          ) : (
            <>
              <LoginInput source="username" label="flock.fields.username" autoComplete="username" autoFocus={!loginShellShown()} />
              <LoginPasswordInput source="password" label="flock.fields.password" autoComplete="current-password" />
            </>
          )}
          <FormStatus error={error} />
          <Button type="submit" variant="contained" fullWidth loading={loading} sx={{ mt: 1 }}>
            {translate('flock.auth.login')}
          </Button>
        </Form>
      </Box>
    </AuthCard>
  );
}
