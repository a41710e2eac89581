import { useTranslate } from 'react-admin';
import { Card, CardContent, Typography } from '@mui/material';
import { EmailPreferences } from '@/src/areas/notifications/EmailPreferences';
import { ConsentChoices } from './ConsentChoices';
import { DownloadMyData } from './DownloadMyData';

/**
 * One's own privacy and data, below the profile's forms: a phone opens on the personal
 * information, which is what a member comes to the profile for (decision 0204). The download of
 * everything Flock holds, the consents, and which notifications also come by email (the same
 * opt-outs as on /notifications: the profile is where members look for them).
 */
export function PrivacyAndData() {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby="privacy-and-data-title">
      <CardContent sx={{ pb: 0 }}>
        <Typography id="privacy-and-data-title" component="h2" variant="h6" gutterBottom>
          {translate('flock.stewardship.privacy_and_data')}
        </Typography>
        <DownloadMyData />
      </CardContent>
      <ConsentChoices />
      <CardContent sx={{ pt: 0 }}>
        <EmailPreferences />
      </CardContent>
    </Card>
  );
}
