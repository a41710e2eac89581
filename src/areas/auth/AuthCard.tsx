import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { LanguagePicker } from '@/src/common/LanguagePicker';
import { APP_NAME } from '@/src/config';

type AuthCardProps = { titleKey: string; intro?: ReactNode; children: ReactNode; links?: ReactNode };

/** The frame of the public pages: product name, page heading, an intro line, the form and its links. */
export function AuthCard({ titleKey, intro, children, links }: AuthCardProps) {
  const title = useTranslate()(titleKey);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent>
          <Stack spacing={1.5}>
            <Typography variant="overline" color="primary">
              {APP_NAME}
            </Typography>
            <Typography component="h1" variant="h5">
              {title}
            </Typography>
            {intro && <Typography color="text.secondary">{intro}</Typography>}
            {children}
            {links && <Stack spacing={0.5}>{links}</Stack>}
            <LanguagePicker />
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

/** The server's answer to the last call: its error, or an information line. */
export function FormStatus({ error, info }: { error?: string; info?: string }) {
  if (error) return <Alert severity="error">{error}</Alert>;
  if (info) return <Alert severity="success">{info}</Alert>;
  return null;
}
