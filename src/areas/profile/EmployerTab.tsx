import { useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SECTOR_NAMES, SECTORS } from '@/domain/common/reference';
import { employerSchema, employerUpdateSchema } from '@/domain/profile/schemas';
import { ChoiceInput, ProfileTextInput, Wide } from './inputs';
import { PlaceFields, stillListed, useReference } from '@/src/common/places';
import { ProfileForm } from './ProfileForm';
import { TabBody } from './TabBody';
import { DETAIL_MESSAGES, existsIn, useCreateOrUpdate, useMemberRecord, type ProfileUser, type Viewer } from './useProfile';

/** The sector and its sub-sectors; a sub-sector of the old sector is cleared. */
function SectorFields() {
  const { getValues, setValue } = useFormContext();
  const sector = useWatch({ name: 'sector' }) as string | null;
  const subSectors = useMemo(() => (sector ? (SECTORS[sector] ?? []) : []), [sector]);
  const sectorChanged = (event: { target?: { value?: string } }) => {
    const next = event?.target?.value;
    if (!stillListed(getValues('subSector'), next ? (SECTORS[next] ?? []) : [])) setValue('subSector', null, { shouldDirty: true });
  };
  return (
    <>
      <ChoiceInput source="sector" values={SECTOR_NAMES} onChange={sectorChanged} />
      <ChoiceInput source="subSector" values={subSectors} />
    </>
  );
}

type Props = { userId: string; user: ProfileUser; viewer: Viewer };

/** The Employer tab (shown for the Employed): every field optional, created on the first save. */
export function EmployerTab({ userId, user, viewer }: Props) {
  const reference = useReference();
  const { record, isPending, error, refetch } = useMemberRecord('employers', userId, existsIn(user, 'employer'));
  const { save } = useCreateOrUpdate('employers', DETAIL_MESSAGES, refetch);
  return (
    <TabBody isPending={isPending} error={error}>
      <ProfileForm
        record={record ?? { userId }}
        schema={record ? employerUpdateSchema : employerSchema}
        onSubmit={(values) => save(record, { ...values, userId })}
        locked={!viewer.canEdit}
      >
        <ProfileTextInput source="employerName" />
        <ProfileTextInput source="positionHeld" />
        <SectorFields />
        <PlaceFields reference={reference} country="country" state="state" lga="lga" />
        <Wide>
          <ProfileTextInput source="employerAddress" multiline />
        </Wide>
      </ProfileForm>
    </TabBody>
  );
}
