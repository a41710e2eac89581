import { useId, useMemo } from 'react';
import {
  ArrayInput,
  BooleanInput,
  DateInput,
  Form,
  NumberInput,
  ResourceContextProvider,
  SaveButton,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useCreate,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { FieldValues } from 'react-hook-form';
import { GENDERS } from '@/domain/common/enums';
import { enumChoices } from '@/src/common/enumLabels';
import type { Convert } from '@/domain/gatherings/statuses';
import { outreachReportSchema, outreachReportUpdateSchema } from '@/domain/gatherings/schemas';
import { schemaResolver } from '@/src/common/schemaResolver';

export type ReportRecord = {
  id: string;
  outreachRequestId: string;
  title: string;
  dateHeld: string;
  attendance: number;
  soulsReached: number;
  detailOfConverts: Convert[];
  testimonies: string | null;
  challenges: string | null;
  userId: string;
};

/** What the dialog writes: a new report of an outreach, or an existing report. */
export type ReportTarget = { mode: 'create'; outreachRequestId: string; title: string } | { mode: 'edit'; report: ReportRecord };

/** The converts of a report, as a table of rows to add and remove. */
function ConvertsInput() {
  return (
    <ArrayInput source="detailOfConverts" label="resources.outreachReports.fields.detailOfConverts">
      <SimpleFormIterator inline disableReordering>
        <TextInput source="firstName" label="flock.gatherings.convert.firstName" isRequired />
        <TextInput source="surName" label="flock.gatherings.convert.surName" isRequired />
        <TextInput source="phone" label="flock.gatherings.convert.phone" />
        <TextInput source="email" label="flock.gatherings.convert.email" type="email" />
        <SelectInput
          source="gender"
          label="flock.gatherings.convert.gender"
          choices={enumChoices('gender', GENDERS)}
          emptyText="flock.select_option"
        />
        <TextInput source="address" label="flock.gatherings.convert.address" />
        <TextInput source="decision" label="flock.gatherings.convert.decision" />
        <BooleanInput source="followUp" label="flock.gatherings.convert.followUp" />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** Writes an outreach's report: the day it was held, attendance, souls reached, the converts, testimonies and challenges. */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const editing = target.mode === 'edit';
  const resolver = useMemo(() => schemaResolver(editing ? outreachReportUpdateSchema : outreachReportSchema), [editing]);
  const defaults = editing
    ? target.report
    : { outreachRequestId: target.outreachRequestId, dateHeld: '', attendance: 0, soulsReached: 0, detailOfConverts: [] };
  const done = (message: string) => ({
    onSuccess: () => {
      notify(message, { type: 'success' });
      refresh();
      onClose();
    },
    onError: (error: unknown) => notify((error as Error).message, { type: 'error' }),
  });
  const submit = (values: FieldValues) =>
    editing
      ? update('outreachReports', { id: target.report.id, data: values, previousData: target.report }, done('flock.crud.updated'))
      : create('outreachReports', { data: values }, done('flock.crud.created'));
  const title = editing ? target.report.title : target.title;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      {/* The converts' rows name their inputs through the resource. */}
      <ResourceContextProvider value="outreachReports">
        <Form onSubmit={submit} resolver={resolver} defaultValues={defaults} noValidate>
          <DialogTitle id={titleId}>{translate('flock.gatherings.report_title', { title })}</DialogTitle>
          <DialogContent dividers>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <DateInput source="dateHeld" label="resources.outreachReports.fields.dateHeld" isRequired />
              <NumberInput source="attendance" label="resources.outreachReports.fields.attendance" />
              <NumberInput source="soulsReached" label="resources.outreachReports.fields.soulsReached" />
            </Box>
            <ConvertsInput />
            <TextInput source="testimonies" label="resources.outreachReports.fields.testimonies" multiline minRows={3} />
            <TextInput source="challenges" label="resources.outreachReports.fields.challenges" multiline minRows={3} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
            <SaveButton alwaysEnable disabled={creating || updating} />
          </DialogActions>
        </Form>
      </ResourceContextProvider>
    </Dialog>
  );
}
