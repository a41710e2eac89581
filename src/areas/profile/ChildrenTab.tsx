import type { RaRecord } from 'react-admin';
import { sortChildren } from '@/domain/profile/rules';
import { childSchema, childUpdateSchema } from '@/domain/profile/schemas';
import { longDate } from '@/src/common/crud';
import { CodeText, ENUM_LABELS } from '@/src/common/enumLabels';
import { DetailListTab, type DetailListConfig } from './DetailListTab';
import { GenderInput, PastDateInput, ProfileTextInput, TitleInput } from './inputs';
import type { Viewer } from './useProfile';

const fullName = (child: RaRecord) => [child.firstName, child.middleName, child.surName].filter(Boolean).join(' ');

function childrenConfig(memberSurname?: string | null): DetailListConfig {
  return {
    resource: 'children',
    texts: 'children',
    columns: [
      { source: 'firstName', render: fullName },
      { source: 'gender', render: (child) => <CodeText prefix={ENUM_LABELS.gender} value={child.gender} /> },
      { source: 'dateOfBirth', render: (child) => longDate(child.dateOfBirth) },
      { source: 'position' },
    ],
    schemas: { create: childSchema, edit: childUpdateSchema },
    // The child's surname defaults to the member's.
    newRecord: { surName: memberSurname },
    fields: (mode) => (
      <>
        <TitleInput />
        <ProfileTextInput source="firstName" />
        <ProfileTextInput source="middleName" />
        <ProfileTextInput source="surName" />
        <GenderInput />
        <PastDateInput source="dateOfBirth" />
        <ProfileTextInput source="email" type="email" />
        <ProfileTextInput source="mobile1" />
        <ProfileTextInput source="mobile2" />
        {/* The position is hidden on create, required and numeric when editing. */}
        {mode === 'edit' && <ProfileTextInput source="position" />}
      </>
    ),
    nameOf: fullName,
    // Children by date of birth, oldest first.
    order: (rows) => sortChildren(rows as Array<RaRecord & { dateOfBirth?: string | null }>),
  };
}

type Props = { userId: string; memberSurname?: string | null; viewer: Viewer };

/** The Children Details tab (shown once the marital status is set and not Single). */
export function ChildrenTab({ userId, memberSurname, viewer }: Props) {
  return <DetailListTab userId={userId} viewer={viewer} config={childrenConfig(memberSurname)} />;
}
