import { Form, TextInput, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Link } from '@mui/material';
import { emailSchema } from '@/domain/auth/schemas';
import { AuthCard, FormStatus } from './AuthCard';
import { schemaResolver } from '@/src/common/schemaResolver';
import { useAuthStep } from './useAuthStep';
import type { FieldValues } from 'react-hook-form';

const resolver = schemaResolver(emailSchema);

/** ChangePasswordInitiate mails a code, then the reset page takes it with the new password. */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  const { loading, error, step } = useAuthStep();

  const submit = (values: FieldValues) =>
    step((provider) => provider.changePasswordInitiate({ email: values.email }), `/reset-password/${encodeURIComponent(values.email)}`);

  return (
    <AuthCard
      titleKey="flock.routes.forgotPassword.title"
      intro={translate('flock.auth.forgot_intro')}
      links={
        <Link component={RouterLink} to="/">
          {translate('flock.auth.back_to_login')}
        </Link>
      }
    >
      <Form onSubmit={submit} resolver={resolver} noValidate>
        <TextInput source="email" label="flock.fields.email" type="email" autoComplete="email" autoFocus />
        <FormStatus error={error} />
        <Button type="submit" variant="contained" fullWidth loading={loading} sx={{ mt: 1 }}>
          {translate('flock.auth.send_code')}
        </Button>
      </Form>
    </AuthCard>
  );
}
