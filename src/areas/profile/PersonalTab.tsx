import type { RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { EMPLOYMENT_STATUSES, MARITAL_STATUSES } from '@/domain/common/enums';
import { ENUM_LABELS } from '@/src/common/enumLabels';
import { genderOfTitle, normaliseBiodata, showsMaidenName } from '@/domain/profile/rules';
import { biodataSchema, biodataUpdateSchema } from '@/domain/profile/schemas';
import { ChoiceInput, GenderInput, PastDateInput, ProfileTextInput, TitleInput, Wide } from './inputs';
import { PlaceFields, useReference } from '@/src/common/places';
import { LanguagePicker, useSaveLanguage } from '@/src/common/LanguagePicker';
import { ProfileForm, type FormValues } from './ProfileForm';
import { useCreateOrUpdate, type ProfileUser, type Viewer } from './useProfile';

type Props = { userId: string; user: ProfileUser; biodata: RaRecord | null; viewer: Viewer; onSaved: () => void };

/** Demise is shown as Active or Archived; the select keeps it as text. */
const STATUS_NAMES = { false: 'flock.profile.status.active', true: 'flock.profile.status.archived' };

/** The saved biodata, or the member record's names and contact where there is none yet. */
function personalRecord(userId: string, user: ProfileUser, biodata: RaRecord | null) {
  if (biodata) return { ...biodata, demise: String(!!biodata.demise) };
  const { title, firstName, middleName, surName, email, mobile1 } = user;
  return { userId, title, firstName, middleName, surName, email, mobile1, gender: user.gender ?? genderOfTitle(title), demise: 'false' };
}

function MaidenNameInput() {
  const gender = useWatch({ name: 'gender' }) as string | null;
  return showsMaidenName(gender) ? <ProfileTextInput source="maidenName" /> : null;
}

/** The Personal Information tab: the member's biodata, created on its first save and updated after. */
export function PersonalTab({ userId, user, biodata, viewer, onSaved }: Props) {
  const reference = useReference();
  const saveLanguage = useSaveLanguage();
  const { save } = useCreateOrUpdate(
    'biodata',
    { created: 'flock.profile.toasts.profile_created', updated: 'flock.profile.toasts.profile_updated' },
    onSaved,
  );
  // Email and mobile 1 are locked once saved; a disabled field leaves the submitted values, so they go back in.
  const locked = { email: biodata?.email || undefined, mobile1: biodata?.mobile1 || undefined };
  const submit = (values: FormValues) =>
    save(
      biodata,
      normaliseBiodata<FormValues>({ ...values, email: locked.email ?? values.email, mobile1: locked.mobile1 ?? values.mobile1, userId }),
    );
  return (
    <>
      {/* One's own language, kept on the account (docs/decisions/0226-languages.md). */}
      {viewer.isSelf && <LanguagePicker onChosen={(code) => void saveLanguage(code)} />}
      <ProfileForm
        record={personalRecord(userId, user, biodata)}
        schema={biodata ? biodataUpdateSchema : biodataSchema}
        onSubmit={submit}
        locked={!viewer.canEdit}
      >
        <TitleInput />
        <ProfileTextInput source="firstName" />
        <ProfileTextInput source="middleName" />
        <ProfileTextInput source="surName" />
        <ProfileTextInput source="email" type="email" disabled={!!locked.email} />
        <ProfileTextInput source="mobile1" disabled={!!locked.mobile1} />
        <ProfileTextInput source="mobile2" />
        <GenderInput />
        <MaidenNameInput />
        <PastDateInput source="dateOfBirth" />
        <ProfileTextInput source="placeOfBirth" />
        <ChoiceInput source="maritalStatus" values={MARITAL_STATUSES} labels={ENUM_LABELS.maritalStatus} />
        <ChoiceInput source="employmentStatus" values={EMPLOYMENT_STATUSES} labels={ENUM_LABELS.employmentStatus} />
        <PlaceFields reference={reference} country="nationality" state="stateOfOrigin" />
        <PlaceFields reference={reference} country="country" state="state" lga="lga" />
        <ProfileTextInput source="nearestBusStop" />
        <ChoiceInput source="demise" values={['false', 'true']} names={STATUS_NAMES} disabled={!viewer.canEditStatus} />
        <Wide>
          <ProfileTextInput source="address" multiline />
        </Wide>
      </ProfileForm>
    </>
  );
}
