import { spouseSchema, spouseUpdateSchema } from '@/domain/profile/schemas';
import { GenderInput, PastDateInput, ProfileTextInput, TitleInput } from './inputs';
import { ProfileForm } from './ProfileForm';
import { TabBody } from './TabBody';
import { DETAIL_MESSAGES, existsIn, useCreateOrUpdate, useMemberRecord, type ProfileUser, type Viewer } from './useProfile';

type Props = { userId: string; user: ProfileUser; memberSurname?: string | null; viewer: Viewer };

/** The Spouse Details tab: one spouse per member, created on the first save; the surname defaults to the member's. */
export function SpouseTab({ userId, user, memberSurname, viewer }: Props) {
  const { record, isPending, error, refetch } = useMemberRecord('spouses', userId, existsIn(user, 'spouse'));
  const { save } = useCreateOrUpdate('spouses', DETAIL_MESSAGES, refetch);
  return (
    <TabBody isPending={isPending} error={error}>
      <ProfileForm
        record={record ?? { userId, surName: memberSurname }}
        schema={record ? spouseUpdateSchema : spouseSchema}
        onSubmit={(values) => save(record, { ...values, userId })}
        locked={!viewer.canEdit}
      >
        <TitleInput />
        <ProfileTextInput source="firstName" />
        <ProfileTextInput source="middleName" />
        <ProfileTextInput source="surName" />
        <ProfileTextInput source="email" type="email" />
        <ProfileTextInput source="mobile1" />
        <ProfileTextInput source="mobile2" />
        <GenderInput />
        <PastDateInput source="dateOfBirth" />
        <PastDateInput source="weddingAnniversary" />
      </ProfileForm>
    </TabBody>
  );
}
