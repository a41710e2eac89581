import { HIGHEST_QUALIFICATIONS } from '@/domain/common/enums';
import { qualificationSchema, qualificationUpdateSchema } from '@/domain/profile/schemas';
import { DetailListTab, type DetailListConfig } from './DetailListTab';
import { ChoiceInput, ProfileTextInput } from './inputs';
import type { Viewer } from './useProfile';

const QUALIFICATIONS: DetailListConfig = {
  resource: 'qualifications',
  texts: 'qualifications',
  columns: [{ source: 'highestQualification' }, { source: 'professionalQualification' }],
  schemas: { create: qualificationSchema, edit: qualificationUpdateSchema },
  fields: () => (
    <>
      <ChoiceInput source="highestQualification" values={HIGHEST_QUALIFICATIONS} />
      <ProfileTextInput source="professionalQualification" />
    </>
  ),
  nameOf: (row) => row.highestQualification,
};

/** The Qualifications tab: highest qualification required, professional qualification optional. */
export function QualificationsTab({ userId, viewer }: { userId: string; viewer: Viewer }) {
  return <DetailListTab userId={userId} viewer={viewer} config={QUALIFICATIONS} />;
}
