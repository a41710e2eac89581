import { BooleanInput, Form, PasswordInput, SelectInput, TextInput, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Link, Typography } from '@mui/material';
import { CONSENT_CATEGORIES } from '@/domain/profile/consent';
import { TITLES } from '@/domain/common/enums';
import { genderOfTitle } from '@/domain/profile/rules';
import { signUpSchema } from '@/domain/auth/schemas';
import { AuthCard, FormStatus } from './AuthCard';
import { schemaResolver } from '@/src/common/schemaResolver';
import { useAuthStep } from './useAuthStep';
import type { FieldValues } from 'react-hook-form';

const resolver = schemaResolver(signUpSchema);
const titleChoices = TITLES.map((title) => ({ id: title, name: `flock.titles.${title}` }));

/** Registration (SignUpUser); the new profile is activated on the email-verify page. */
export function RegisterPage() {
  const translate = useTranslate();
  const { loading, error, step } = useAuthStep();
  // The language the page is read in (the browser's, or the picker's below) becomes the person's.
  const [language] = useLocaleState();

  // Gender follows the title.
  const submit = (values: FieldValues) =>
    step(
      (provider) => provider.signUp({ ...values, gender: genderOfTitle(values.title), language }),
      `/email-verify/${encodeURIComponent(values.email)}`,
    );

  return (
    <AuthCard
      titleKey="flock.routes.register.title"
      intro={translate('flock.auth.register_intro')}
      links={
        <Link component={RouterLink} to="/">
          {translate('flock.auth.have_account')}
        </Link>
      }
    >
      <Form onSubmit={submit} resolver={resolver} noValidate>
        <SelectInput source="title" label="flock.fields.title" choices={titleChoices} emptyText="flock.select_option" />
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 1 }}>
          <TextInput source="firstName" label="flock.fields.first_name" autoComplete="given-name" autoFocus />
          <TextInput source="surName" label="flock.fields.sur_name" autoComplete="family-name" />
        </Box>
        <TextInput source="middleName" label="flock.fields.middle_name" autoComplete="additional-name" />
        <TextInput source="email" label="flock.fields.email" type="email" autoComplete="email" />
        <TextInput source="mobile1" label="flock.fields.mobile1" type="tel" autoComplete="tel" />
        <TextInput source="userName" label="flock.fields.user_name" autoComplete="username" />
        <PasswordInput source="password" label="flock.fields.password" autoComplete="new-password" />
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('flock.stewardship.consent_signup')}{' '}
          <Link component={RouterLink} to="/privacy">
            {translate('flock.stewardship.privacy_link')}
          </Link>
        </Typography>
        {CONSENT_CATEGORIES.map((category) => (
          <BooleanInput key={category} source={`consents.${category}`} label={`flock.stewardship.consent.${category}`} helperText={false} />
        ))}
        <FormStatus error={error} />
        <Button type="submit" variant="contained" fullWidth loading={loading} sx={{ mt: 1 }}>
          {translate('flock.auth.register')}
        </Button>
      </Form>
    </AuthCard>
  );
}
