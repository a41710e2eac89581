import { Form, PasswordInput, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Button, Link } from '@mui/material';
import { changePasswordCompleteSchema } from '../../../domain/schemas/auth';
import type { FlockDataProvider } from '../../dataProvider';
import { useRemoteOperation } from '../useRemoteOperation';
import { AuthCard, FormStatus } from './AuthCard';
import { withConfirmation } from './confirmPassword';
import { OtpInput } from './OtpInput';
import { ResendCode } from './ResendCode';
import { schemaResolver } from './schemaResolver';

const resolver = schemaResolver(withConfirmation(changePasswordCompleteSchema));

/** /reset-password/{email}: the mailed code and a new password (ChangePasswordComplete), then login. */
export function ResetPasswordPage() {
  const translate = useTranslate();
  const { email = '' } = useParams();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const { loading, error, run } = useRemoteOperation();

  const submit = async (values: Record<string, any>) => {
    const { email: address, otp, newPassword } = values;
    const outcome = await run(() => dataProvider.changePasswordComplete({ email: address, otp, newPassword }));
    if (!outcome.ok) return;
    if (outcome.result.message) notify(outcome.result.message, { type: 'success' });
    navigate('/');
  };

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
