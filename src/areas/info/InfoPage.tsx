import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Container, Link, Paper, Typography } from '@mui/material';
import { APP_NAME } from '@/src/config';

/** A page of plain text, open to everybody (privacy, terms). */
function InfoPage({ titleKey, paragraphs }: { titleKey: string; paragraphs: string[] }) {
  const translate = useTranslate();
  return (
    <Container component="main" maxWidth="md" sx={{ py: 4 }}>
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="overline" color="primary">
          {APP_NAME}
        </Typography>
        <Typography component="h1" variant="h4" gutterBottom>
          {translate(titleKey)}
        </Typography>
        {paragraphs.map((key) => (
          <Typography key={key} sx={{ mb: 2 }}>
            {translate(key, { app: APP_NAME })}
          </Typography>
        ))}
        <Box>
          <Link component={RouterLink} to="/">
            {translate('flock.not_found.home')}
          </Link>
        </Box>
      </Paper>
    </Container>
  );
}

const privacy = ['intro', 'use', 'access', 'choices', 'celebrations', 'directory', 'giving', 'care', 'retention', 'rights'].map(
  (key) => `flock.privacy.${key}`,
);
const terms = ['intro', 'accuracy', 'conduct', 'changes'].map((key) => `flock.terms.${key}`);

export const PrivacyPage = () => <InfoPage titleKey="flock.routes.privacy.title" paragraphs={privacy} />;
export const TermsPage = () => <InfoPage titleKey="flock.routes.terms.title" paragraphs={terms} />;
