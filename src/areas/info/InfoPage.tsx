import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Container, Link, Paper, Typography } from '@mui/material';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { CareSettings } from '@/domain/profile/careNotes';
import { APP_NAME } from '@/src/config';
import type { FlockDataProvider } from '@/src/dataProvider';

/** A paragraph's text key, and a sentence of the church's own choice after it (none while it is asked). */
type Paragraph = { key: string; then?: string };

/** A page of plain text, open to everybody (privacy, terms). */
function InfoPage({ titleKey, paragraphs }: { titleKey: string; paragraphs: Paragraph[] }) {
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
        {paragraphs.map(({ key, then }) => (
          <Typography key={key} sx={{ mb: 2 }}>
            {translate(key, { app: APP_NAME })}
            {then && ` ${translate(then)}`}
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

const privacyKey = (key: string) => `flock.privacy.${key}`;

/**
 * What this church decided about care notes in one's own data download, asked of the server
 * without sign-in (only that yes or no is public; docs/decisions/0236). The page waits for it
 * under its loading screen, so no sentence comes in later to push the rest down; if it cannot be
 * asked, the page says the rule without the decision.
 */
function useCareDecision(): string {
  const api = useDataProvider<FlockDataProvider>();
  const { data: included } = useSuspenseQuery({
    queryKey: ['privacy', 'care decision'],
    queryFn: () =>
      api.getPublicCareSettings<CareSettings>().then(
        (r) => r.data.notesInOwnData,
        () => null,
      ),
  });
  if (included === null) return privacyKey('care_download');
  return privacyKey(included ? 'care_download_yes' : 'care_download_no');
}

const PRIVACY = ['intro', 'use', 'access', 'choices', 'celebrations', 'directory', 'giving', 'care', 'retention', 'rights'];
const terms = ['intro', 'accuracy', 'conduct', 'changes'].map((key) => ({ key: `flock.terms.${key}` }));

export function PrivacyPage() {
  const care = useCareDecision();
  const paragraphs = PRIVACY.map((key) => ({ key: privacyKey(key), then: key === 'care' ? care : undefined }));
  return <InfoPage titleKey="flock.routes.privacy.title" paragraphs={paragraphs} />;
}

export const TermsPage = () => <InfoPage titleKey="flock.routes.terms.title" paragraphs={terms} />;
