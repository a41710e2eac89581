import { Form, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Button, Link } from '@mui/material';
import { emailSchema } from '../../../domain/schemas/auth';
import type { FlockDataProvider } from '../../dataProvider';
import { useRemoteOperation } from '../useRemoteOperation';
import { AuthCard, FormStatus } from './AuthCard';
import { schemaResolver } from './schemaResolver';

const resolver = schemaResolver(emailSchema);

/** ChangePasswordInitiate mails a code, then the reset page takes it with the new password. */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const { loading, error, run } = useRemoteOperation();

  const submit = async (values: Record<string, any>) => {
    const outcome = await run(() => dataProvider.changePasswordInitiate({ email: values.email }));
    if (!outcome.ok) return;
    if (outcome.result.message) notify(outcome.result.message, { type: 'success' });
    navigate(`/reset-password/${encodeURIComponent(values.email)}`);
  };

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
