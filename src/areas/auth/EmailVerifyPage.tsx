import { Form, TextInput, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Link } from '@mui/material';
import { validateEmailCompleteSchema } from '@/domain/auth/schemas';
import { AuthCard, FormStatus } from './AuthCard';
import { OtpInput } from './OtpInput';
import { ResendCode } from './ResendCode';
import { schemaResolver } from '@/src/common/schemaResolver';
import { useAuthStep } from './useAuthStep';
import type { FieldValues } from 'react-hook-form';

const resolver = schemaResolver(validateEmailCompleteSchema);

/**
 * /email-verify/{email}: the 6-digit code activates the profile (ValidateEmailComplete).
 * The email stays editable because a failed login sends the user name here.
 */
export function EmailVerifyPage() {
  const translate = useTranslate();
  const { email = '' } = useParams();
  const { loading, error, step } = useAuthStep();

  const submit = (values: FieldValues) => step((provider) => provider.validateEmailComplete({ email: values.email, otp: values.otp }), '/');

  return (
    <AuthCard
      titleKey="flock.routes.emailVerify.title"
      intro={translate('flock.auth.email_verify_intro')}
      links={
        <Link component={RouterLink} to="/">
          {translate('flock.auth.back_to_login')}
        </Link>
      }
    >
      <Form onSubmit={submit} resolver={resolver} defaultValues={{ email }} noValidate>
        <TextInput source="email" label="flock.fields.email" type="email" autoComplete="email" />
        <OtpInput />
        <FormStatus error={error} />
        <Button type="submit" variant="contained" fullWidth loading={loading} sx={{ mt: 1 }}>
          {translate('flock.auth.verify')}
        </Button>
        <ResendCode purpose="verify" />
      </Form>
    </AuthCard>
  );
}
