import { useLocale, useTranslate, type RaRecord } from 'react-admin';
import { useParams } from 'react-router-dom';
import { Alert, Box, Grid } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { frFR } from '@mui/x-date-pickers/locales';
import { fr } from 'date-fns/locale/fr';
import type { Locale } from 'date-fns';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@/domain/common/languages';
import { InfoCard } from './InfoCard';
import { PrivacyAndData } from './PrivacyAndData';
import { ProfileHeader } from './ProfileHeader';
import { ProfileTabs } from './ProfileTabs';
import { StageCard } from './StageCard';
import { PersonTagsCard } from './PersonTagsCard';
import { HouseholdCard } from '@/src/areas/households/HouseholdCard';
import { MyGivingCard } from '@/src/areas/giving/MyGivingCard';
import { MyPledgesCard } from '@/src/areas/giving/MyPledgesCard';
import { useAllows } from '@/src/authProvider/useAllows';
import { TabBody } from './TabBody';
import { existsIn, useMemberRecord, useViewer, type ProfileUser } from './useProfile';

/**
 * The date fields' order and words in each language of the list (docs/decisions/0237): French's
 * day-month-year with its own placeholders (JJ/MM/AAAA) and the calendar's words; English keeps the
 * pickers' own (month first, as the forms have always been typed). The type asks for every language.
 */
const PICKERS: Record<LanguageCode, { dates?: Locale; texts?: typeof frFR.components.MuiLocalizationProvider.defaultProps.localeText }> = {
  en: {},
  fr: { dates: fr, texts: frFR.components.MuiLocalizationProvider.defaultProps.localeText },
};

/** The profile of one member, once the viewer may see it. */
function Profile({ userId }: { userId: string }) {
  const viewer = useViewer(userId);
  const user = useMemberRecord<ProfileUser>('profiles', userId);
  const biodata = useMemberRecord<RaRecord>('biodata', userId, existsIn(user.record, 'biodata'));
  const affiliation = useMemberRecord<RaRecord>('churchAffiliations', userId, existsIn(user.record, 'churchAffiliation'));
  // Biodata and affiliation wait for the member record only while it loads; if it fails, its error shows.
  const seesTags = useAllows('personTags', 'view');
  const pending = user.isPending || (!user.error && (biodata.isPending || affiliation.isPending));
  return (
    <TabBody isPending={pending} error={user.error ?? biodata.error ?? affiliation.error}>
      {user.record && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}>
          <ProfileHeader user={user.record} viewer={viewer} />
          {/* On a phone the forms come first, then the contact card; side by side from 'md' up. */}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }} sx={{ order: { xs: 2, md: 1 } }}>
              <InfoCard user={user.record} biodata={biodata.record ?? null} />
            </Grid>
            <Grid size={{ xs: 12, md: 8 }} sx={{ order: { xs: 1, md: 2 } }}>
              <ProfileTabs userId={userId} user={user.record} biodata={biodata} affiliation={affiliation} viewer={viewer} />
            </Grid>
          </Grid>
          {/* Below the forms: they load apart, and above them it pushed them down as it came (CLS 0.11 on a phone). */}
          <StageCard userId={userId} />
          {seesTags && <PersonTagsCard userId={userId} />}
          <HouseholdCard userId={userId} />
          {viewer.isSelf && <MyGivingCard />}
          {viewer.isSelf && <MyPledgesCard />}
          {viewer.isSelf && <PrivacyAndData />}
        </Box>
      )}
    </TabBody>
  );
}

/** /profile/:userId: a member's own profile, or another's for those who may see members. */
export function ProfilePage() {
  const translate = useTranslate();
  const locale = useLocale();
  const pickers = PICKERS[isLanguageCode(locale) ? locale : DEFAULT_LANGUAGE];
  const { userId = '' } = useParams();
  const viewer = useViewer(userId);
  if (!viewer.canView)
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        {translate('flock.profile.not_allowed')}
      </Alert>
    );
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={pickers.dates} localeText={pickers.texts}>
      {/* A new member id starts afresh: no form keeps the previous member's values. */}
      <Profile key={userId} userId={userId} />
    </LocalizationProvider>
  );
}
