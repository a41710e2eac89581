import { Form, PasswordInput, TextInput, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Link } from '@mui/material';
import { changePasswordCompleteSchema } from '@/domain/auth/schemas';
import { AuthCard, FormStatus } from './AuthCard';
import { withConfirmation } from './confirmPassword';
import { OtpInput } from './OtpInput';
import { ResendCode } from './ResendCode';
import { schemaResolver } from '@/src/common/schemaResolver';
import { useAuthStep } from './useAuthStep';
import type { FieldValues } from 'react-hook-form';

const resolver = schemaResolver(withConfirmation(changePasswordCompleteSchema));

/** /reset-password/{email}: the mailed code and a new password (ChangePasswordComplete), then login. */
export function ResetPasswordPage() {
  const translate = useTranslate();
  const { email = '' } = useParams();
  const { loading, error, step } = useAuthStep();

  const submit = ({ email: address, otp, newPassword }: FieldValues) =>
    step((provider) => provider.changePasswordComplete({ email: address, otp, newPassword }), '/');

  return (
    <AuthCard
      titleKey="flock.routes.resetPassword.title"
      intro={translate('flock.auth.reset_intro', { email })}
      links={
        <Link component={RouterLink} to="/">
          {translate('flock.auth.back_to_login')}
        </Link>
      }
    >
      <Form onSubmit={submit} resolver={resolver} defaultValues={{ email }} noValidate>
        <TextInput source="email" label="flock.fields.email" type="email" autoComplete="email" />
        <OtpInput />
        <PasswordInput source="newPassword" label="flock.fields.new_password" autoComplete="new-password" />
        <PasswordInput source="confirmPassword" label="flock.fields.confirm_password" autoComplete="new-password" />
        <FormStatus error={error} />
        <Button type="submit" variant="contained" fullWidth loading={loading} sx={{ mt: 1 }}>
          {translate('flock.auth.reset')}
        </Button>
        <ResendCode purpose="reset" />
      </Form>
    </AuthCard>
  );
}
