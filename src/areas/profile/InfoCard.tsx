import type { ReactNode } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import CakeIcon from '@mui/icons-material/Cake';
import EmailIcon from '@mui/icons-material/Email';
import HomeIcon from '@mui/icons-material/Home';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import { longDate } from '@/src/common/crud';
import { fieldLabel } from './inputs';
import type { ProfileUser } from './useProfile';

function Line({ icon, label, value }: { icon: ReactNode; label: string; value?: string | null }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 1 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex', pt: 0.25 }}>{icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {translate(label)}
        </Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{value || translate('flock.profile.none')}</Typography>
      </Box>
    </Box>
  );
}

type Props = { user: ProfileUser; biodata: RaRecord | null };

/** The info card: email, phone, location, date of birth (long format) and address. */
export function InfoCard({ user, biodata }: Props) {
  const translate = useTranslate();
  const location = [biodata?.lga, biodata?.state, biodata?.country].filter(Boolean).join(', ');
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6">
          {translate('flock.profile.info_title')}
        </Typography>
        <Line icon={<EmailIcon />} label={fieldLabel('email')} value={biodata?.email || user.email} />
        <Line icon={<PhoneIcon />} label={fieldLabel('phone')} value={biodata?.mobile1 || user.mobile1} />
        <Line icon={<PlaceIcon />} label={fieldLabel('location')} value={location} />
        <Line icon={<CakeIcon />} label={fieldLabel('dateOfBirth')} value={longDate(biodata?.dateOfBirth)} />
        <Line icon={<HomeIcon />} label={fieldLabel('address')} value={biodata?.address} />
      </CardContent>
    </Card>
  );
}
