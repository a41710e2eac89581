import { useState } from 'react';
import { TextInput, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, Button } from '@mui/material';
import { LEVELS_OF_ATS } from '@/domain/common/enums';
import { isPlaced, showsCharterNumber, type AffiliationField } from '@/domain/profile/rules';
import { churchAffiliationSchema, churchAffiliationUpdateSchema } from '@/domain/profile/schemas';
import { useRoleLabel } from '@/src/common/roles/useRoles';
import { useChoices, type ListName } from '@/src/common/choices';
import { ChoiceInput, fieldLabel, ProfileTextInput, Wide } from './inputs';
import { ProfileForm, type FormValues } from './ProfileForm';
import { AffinityGroupRequestDialog, ZoneRequestDialog } from './RequestDialogs';
import { DETAIL_MESSAGES, useCreateOrUpdate, viewerOf, type MemberRecord, type Viewer } from './useProfile';
import { VirtualAutocompleteInput } from '@/src/common/VirtualAutocomplete';

/** Charter member is True or False; the select keeps the word, the schema reads it as a flag. */
const CHARTER_VALUES = ['True', 'False'];

function formRecord(userId: string, affiliation: RaRecord | null | undefined) {
  if (!affiliation) return { userId, affinityGroup: [] };
  const { charteredMember } = affiliation;
  return { ...affiliation, charteredMember: typeof charteredMember === 'boolean' ? (charteredMember ? 'True' : 'False') : null };
}

/** The charter member number: at level of ATS 2 or more with charter member True. */
function CharterNumberInput({ disabled }: { disabled: boolean }) {
  const [levelOfATS, charteredMember] = useWatch({ name: ['levelOfATS', 'charteredMember'] }) as [string | null, string | null];
  return showsCharterNumber({ levelOfATS, charteredMember: charteredMember === 'True' }) ? (
    <ProfileTextInput source="charteredMemberNumber" disabled={disabled} />
  ) : null;
}

/** A list-backed field whose value is the row's name (as the affiliation keeps it). */
function NamedListInput({
  source,
  list,
  disabled,
  multiple,
}: {
  source: AffiliationField;
  list: ListName;
  disabled: boolean;
  multiple?: boolean;
}) {
  const notify = useNotify();
  const { choices, isPending } = useChoices(list, { byName: true });
  // Removing an affinity group from the list shows an error-style toast for 2000 ms.
  const removed = () => notify('flock.affinity_groups.removed', { type: 'error', autoHideDuration: 2000 });
  return (
    <VirtualAutocompleteInput
      source={source}
      choices={choices}
      isPending={isPending}
      disabled={disabled}
      multiple={multiple}
      onRemove={removed}
    />
  );
}

/** The zone and a center of it: choosing another zone clears the center, which belongs to one zone only. */
function PlaceInputs({ editable }: { editable: (field: AffiliationField) => boolean }) {
  const { setValue } = useFormContext();
  const zoneId = useWatch({ name: 'zoneId' }) as string | null;
  const zones = useChoices('zones');
  const centers = useChoices('centers', { filter: { zoneId }, enabled: !!zoneId });
  return (
    <>
      <VirtualAutocompleteInput
        source="zoneId"
        choices={zones.choices}
        isPending={zones.isPending}
        disabled={!editable('zoneId')}
        onChange={() => setValue('centerId', null, { shouldDirty: true })}
      />
      <VirtualAutocompleteInput
        source="centerId"
        choices={centers.choices}
        isPending={centers.isPending}
        disabled={!editable('centerId')}
      />
    </>
  );
}

/** The member's CIH role in words; an inspector gives it elsewhere (AssignCIHRole), so it is shown, not edited. */
function CihRoleField() {
  const roleLabel = useRoleLabel();
  return (
    <TextInput source="cihRole" label={fieldLabel('cihRole')} disabled format={(role: string | null) => (role ? roleLabel(role) : '')} />
  );
}

type Props = { userId: string; viewer: Viewer; affiliation: MemberRecord<RaRecord>; onSaved: () => void };

/**
 * The Church Affiliations tab. CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS changes every field; on
 * one's own profile the zone and center can be chosen and saved without it.
 * Only the fields the viewer may change are sent: the server keeps the others.
 */
export function ChurchAffiliationTab({ userId, viewer, affiliation, onSaved }: Props) {
  const translate = useTranslate();
  const { record } = affiliation;
  const { save } = useCreateOrUpdate('churchAffiliations', DETAIL_MESSAGES, onSaved);
  const [dialog, setDialog] = useState<'zone' | 'group' | null>(null);
  // Once placed, one's own zone and center change through the request dialog below.
  const fields = isPlaced(record) ? viewerOf(userId, true).affiliationFields : viewer.affiliationFields;
  const editable = (field: AffiliationField) => fields.includes(field);
  const submit = (values: FormValues) => {
    const sent = Object.fromEntries(fields.map((field) => [field, values[field]]));
    return save(record, { ...sent, userId, ...(record && { id: record.id }) });
  };
  const groups: string[] = record?.affinityGroup ?? [];
  return (
    <>
      <ProfileForm
        record={formRecord(userId, record)}
        schema={record ? churchAffiliationUpdateSchema : churchAffiliationSchema}
        onSubmit={submit}
        locked={false}
        canSave={fields.length > 0}
      >
        <ChoiceInput source="levelOfATS" values={LEVELS_OF_ATS} disabled={!editable('levelOfATS')} />
        <ChoiceInput source="charteredMember" values={CHARTER_VALUES} disabled={!editable('charteredMember')} />
        <CharterNumberInput disabled={!editable('charteredMemberNumber')} />
        <PlaceInputs editable={editable} />
        <NamedListInput source="mountainOfInfluence" list="mountainsOfInfluence" disabled={!editable('mountainOfInfluence')} />
        <NamedListInput source="ministry" list="ministries" disabled={!editable('ministry')} />
        <NamedListInput source="unit" list="units" disabled={!editable('unit')} />
        <TextInput source="department" label={fieldLabel('department')} disabled />
        <CihRoleField />
        <Wide>
          <NamedListInput source="affinityGroup" list="affinityGroups" disabled={!editable('affinityGroup')} multiple />
        </Wide>
        <Wide>
          <ProfileTextInput source="cihAddress" multiline disabled={!editable('cihAddress')} />
        </Wide>
      </ProfileForm>
      {viewer.canEdit && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          <Button variant="outlined" onClick={() => setDialog('zone')}>
            {translate('flock.profile.affiliation.change_zone')}
          </Button>
          <Button variant="outlined" onClick={() => setDialog('group')}>
            {translate(groups.length ? 'flock.profile.affiliation.change_group' : 'flock.profile.affiliation.join_group')}
          </Button>
        </Box>
      )}
      {dialog === 'zone' && (
        <ZoneRequestDialog
          userId={userId}
          hasAffiliation={!!record}
          current={{ zoneId: record?.zoneId, centerId: record?.centerId }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'group' && (
        <AffinityGroupRequestDialog userId={userId} hasAffiliation={!!record} held={groups} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
