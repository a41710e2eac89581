import { useState, type ReactNode } from 'react';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import { Box, Card, Tab, Tabs } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { PersonCustomField } from '@/domain/profile/customFields';
import { visibleTabs, type ProfileTab } from '@/domain/profile/rules';
import type { FlockDataProvider } from '@/src/dataProvider';
import { ChildrenTab } from './ChildrenTab';
import { ChurchAffiliationTab } from './ChurchAffiliationTab';
import { CustomFieldsTab } from './CustomFieldsTab';
import { DepartmentsTab } from './DepartmentsTab';
import { EmployerTab } from './EmployerTab';
import { PersonalTab } from './PersonalTab';
import { QualificationsTab } from './QualificationsTab';
import { SpouseTab } from './SpouseTab';
import type { MemberRecord, ProfileUser, Viewer } from './useProfile';

type Props = {
  userId: string;
  user: ProfileUser;
  biodata: MemberRecord<RaRecord>;
  affiliation: MemberRecord<RaRecord>;
  viewer: Viewer;
};

/** The tab card: the tabs the saved biodata calls for (domain/profile/rules.ts), each with its form. */
export function ProfileTabs({ userId, user, biodata, affiliation, viewer }: Props) {
  const translate = useTranslate();
  const [chosen, setChosen] = useState<ProfileTab>('personal');
  const custom = useCustomFields(userId);
  const tabs = visibleTabs({
    employmentStatus: biodata.record?.employmentStatus,
    maritalStatus: biodata.record?.maritalStatus,
    hasCustomFields: !!custom.data?.length,
  });
  // A tab the saved biodata no longer calls for (marital status changed) falls back to the first.
  const current = tabs.includes(chosen) ? chosen : 'personal';
  const surname = biodata.record?.surName ?? user.surName;
  const hasAffiliation = !!affiliation.record;
  const panels: Record<ProfileTab, () => ReactNode> = {
    personal: () => <PersonalTab userId={userId} user={user} biodata={biodata.record ?? null} viewer={viewer} onSaved={biodata.refetch} />,
    qualifications: () => <QualificationsTab userId={userId} viewer={viewer} />,
    employer: () => <EmployerTab userId={userId} user={user} viewer={viewer} />,
    spouse: () => <SpouseTab userId={userId} user={user} memberSurname={surname} viewer={viewer} />,
    children: () => <ChildrenTab userId={userId} memberSurname={surname} viewer={viewer} />,
    churchAffiliation: () => (
      <ChurchAffiliationTab userId={userId} viewer={viewer} affiliation={affiliation} onSaved={affiliation.refetch} />
    ),
    departments: () => <DepartmentsTab userId={userId} viewer={viewer} hasAffiliation={hasAffiliation} />,
    customFields: () => <CustomFieldsTab userId={userId} fields={custom.data ?? []} onSaved={() => void custom.refetch()} />,
  };
  return (
    <Card>
      <Tabs
        value={current}
        onChange={(_event, tab: ProfileTab) => setChosen(tab)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        {tabs.map((tab) => (
          <Tab
            key={tab}
            value={tab}
            label={translate(`flock.profile.tabs.${tab}`)}
            id={`profile-tab-${tab}`}
            aria-controls="profile-tab-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="profile-tab-panel" aria-labelledby={`profile-tab-${current}`} sx={{ p: 2 }}>
        {panels[current]()}
      </Box>
    </Card>
  );
}

/** The church's own fields the reader sees on this profile, with their values (docs/decisions/0209). */
function useCustomFields(userId: string) {
  const api = useDataProvider<FlockDataProvider>();
  return useQuery({
    queryKey: ['customFieldValues', userId],
    queryFn: async () => (await api.getCustomFieldValues<PersonCustomField[]>({ userId })).data,
  });
}
