import { FormDataConsumer, useDataProvider, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import { requestOtpSchema } from '@/domain/auth/schemas';
import type { FlockDataProvider } from '@/src/dataProvider';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import { FormStatus } from './AuthCard';

/** "Resend code": RequestOtp for the email currently in the form, with the given purpose. */
export function ResendCode({ purpose }: { purpose: 'verify' | 'reset' }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const { loading, success, error, run } = useRemoteOperation();

  const resend = (email: unknown) =>
    run(async () => {
      const parsed = requestOtpSchema.safeParse({ email, purpose });
      if (!parsed.success) throw new Error(parsed.error.issues[0].message);
      return dataProvider.requestOtp(parsed.data);
    });

  return (
    <>
      <FormDataConsumer>
        {({ formData }) => (
          <Button variant="text" onClick={() => resend(formData.email)} loading={loading} sx={{ alignSelf: 'flex-start' }}>
            {translate('flock.auth.resend_code')}
          </Button>
        )}
      </FormDataConsumer>
      <FormStatus error={error} info={success?.message} />
    </>
  );
}
