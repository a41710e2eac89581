import { useMemo, useState, type ReactNode } from 'react';
import { Form, SaveButton, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Switch } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import type { z } from 'zod';
import {
  changeAffinityGroupRequestSchema,
  changeZoneRequestSchema,
  joinAffinityGroupRequestSchema,
  joinDepartmentRequestSchema,
} from '@/domain/profile/schemas';
import type { FlockDataProvider } from '@/src/dataProvider';
import { schemaResolver } from '@/src/common/schemaResolver';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import { useChoices } from '@/src/common/choices';
import { misfit, type MemberFacts } from '@/domain/lookups/affinityFit';
import { useMemberRecord } from './useProfile';
import { ProfileTextInput } from './inputs';
import { VirtualAutocompleteInput, type Choice } from '@/src/common/VirtualAutocomplete';

type Values = Record<string, unknown> & { userId: string };

type RequestDialogProps = {
  userId: string;
  /** Without church affiliation data the dialog shows only why no request can be made. */
  hasAffiliation: boolean;
  title: string;
  schema: z.ZodType<object>;
  send: (api: FlockDataProvider, values: Values) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
};

/** Scrollable modal content is at most 400 px high. */
const CONTENT = { maxHeight: 400 };

/**
 * A member's request: on success the toast 'Request successful', then the
 * dialog closes and its form starts empty next time; on error it closes with no message.
 * The form unmounts with the closed dialog, which is its reset.
 */
function RequestDialog({ userId, hasAffiliation, title, schema, send, onClose, children }: RequestDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const { run } = useRemoteOperation();
  const submit = async (values: Record<string, unknown>) => {
    const outcome = await run(() => send(api, { ...values, userId }));
    if (outcome.ok) notify('flock.profile.toasts.request_sent', { type: 'success' });
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-label={translate(title)}>
      <DialogTitle>{translate(title)}</DialogTitle>
      {hasAffiliation ? (
        <Form record={{ userId }} resolver={schemaResolver(schema)} onSubmit={submit} noValidate disableInvalidFormNotification>
          <DialogContent sx={CONTENT}>{children}</DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('flock.profile.cancel')}</Button>
            <SaveButton label="flock.profile.requests.send" icon={<SendIcon />} alwaysEnable />
          </DialogActions>
        </Form>
      ) : (
        <>
          <DialogContent>
            <Alert severity="info">{translate('flock.profile.requests.no_affiliation')}</Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('flock.profile.cancel')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

type Props = { userId: string; hasAffiliation: boolean; onClose: () => void };

const reasonInput = <ProfileTextInput source="reason" label="flock.profile.requests.reason" multiline />;

/** Names, letter case aside: what a member holds is left out of the choices (the server refuses it too). */
const without = (choices: Choice[], held: readonly string[]) => {
  const taken = new Set(held.map((name) => name.toLowerCase()));
  return choices.filter((choice) => !taken.has(choice.id.toLowerCase()));
};

/** Join a department: department and reason are required; the departments the member is in are not offered. */
export function DepartmentRequestDialog({ memberOf, ...props }: Props & { memberOf: readonly string[] }) {
  const { choices: every, isPending } = useChoices('departments', { byName: true });
  const choices = useMemo(() => without(every, memberOf), [every, memberOf]);
  return (
    <RequestDialog
      {...props}
      title="flock.profile.requests.join_department"
      schema={joinDepartmentRequestSchema}
      send={(api, v) => api.requestToJoinDepartment(v)}
    >
      <VirtualAutocompleteInput source="department" label="flock.profile.requests.department" choices={choices} isPending={isPending} />
      {reasonInput}
    </RequestDialog>
  );
}

/** Where the member is now: their own center is not offered again (the server refuses a move to where one is). */
type Place = { zoneId?: string | null; centerId?: string | null };

/** The zone (required) and a center of it; a center of another zone is cleared. */
function ZoneFields({ current }: { current: Place }) {
  const { setValue } = useFormContext();
  const zoneName = useWatch({ name: 'newCihZone' }) as string | null;
  const zones = useChoices('zones', { byName: true });
  const zoneId = useMemo(() => zones.rows.find((z) => z.zoneName === zoneName)?.id, [zones.rows, zoneName]);
  const inZone = useChoices('centers', { byName: true, filter: { zoneId }, enabled: !!zoneId });
  const centers = useMemo(() => {
    const own = inZone.rows.find((row) => row.id === current.centerId);
    return { ...inZone, choices: own ? without(inZone.choices, [String(own.centerName)]) : inZone.choices };
  }, [inZone, current.centerId]);
  return (
    <>
      <VirtualAutocompleteInput
        source="newCihZone"
        label="flock.profile.requests.zone"
        choices={zones.choices}
        isPending={zones.isPending}
        onChange={() => setValue('newCenter', null)}
      />
      <VirtualAutocompleteInput
        source="newCenter"
        label="flock.profile.requests.center"
        choices={centers.choices}
        isPending={centers.isPending}
      />
    </>
  );
}

/** Change of CIH zone: the zone is required. */
export function ZoneRequestDialog({ current, ...props }: Props & { current: Place }) {
  return (
    <RequestDialog
      {...props}
      title="flock.profile.requests.change_zone"
      schema={changeZoneRequestSchema}
      send={(api, v) => api.requestChangeOfZone(v)}
    >
      <ZoneFields current={current} />
      {reasonInput}
    </RequestDialog>
  );
}

/** Join an affinity group, or change it when the member already has one; both fields optional; their own groups are not offered. */
export function AffinityGroupRequestDialog({ held, ...props }: Props & { held: readonly string[] }) {
  const translate = useTranslate();
  const hasGroup = held.length > 0;
  const { choices: every, rows, isPending } = useChoices('affinityGroups', { byName: true });
  const choices = useMemo(() => without(every, held), [every, held]);
  const { record: facts, isPending: factsPending } = useMemberRecord<{ id: string } & MemberFacts>('biodata', props.userId);
  const [showAll, setShowAll] = useState(false);
  // Only the groups the member's age, marital status and gender fit (the server refuses the others); the rest on request.
  const fitting = useMemo(() => {
    const fits = new Set(
      rows
        .filter(
          (row) =>
            !misfit(
              {
                name: row.affinityGroupName,
                startAge: row.startAge ?? null,
                endAge: row.endAge ?? null,
                maritalStatus: row.maritalStatus ?? null,
                gender: row.gender ?? null,
              },
              facts ?? {},
            ),
        )
        .map((row) => String(row.affinityGroupName)),
    );
    return choices.filter((choice) => fits.has(choice.id));
  }, [rows, choices, facts]);
  const source = hasGroup ? 'newAffinityGroup' : 'affinityGroup';
  return (
    <RequestDialog
      {...props}
      title={hasGroup ? 'flock.profile.requests.change_group' : 'flock.profile.requests.join_group'}
      schema={hasGroup ? changeAffinityGroupRequestSchema : joinAffinityGroupRequestSchema}
      send={(api, v) => (hasGroup ? api.requestChangeOfAffinityGroup(v) : api.requestToJoinAffinityGroup(v))}
    >
      <VirtualAutocompleteInput
        source={source}
        label="flock.profile.requests.affinity_group"
        choices={showAll ? choices : fitting}
        isPending={isPending || factsPending}
      />
      <FormControlLabel
        control={<Switch checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />}
        label={translate('flock.profile.requests.show_all_groups')}
      />
      {reasonInput}
    </RequestDialog>
  );
}
