import { useState, type ReactNode } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { Box, Card, Tab, Tabs } from '@mui/material';
import { visibleTabs, type ProfileTab } from '@/domain/profile/rules';
import { ChildrenTab } from './ChildrenTab';
import { ChurchAffiliationTab } from './ChurchAffiliationTab';
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
  const tabs = visibleTabs({ employmentStatus: biodata.record?.employmentStatus, maritalStatus: biodata.record?.maritalStatus });
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
