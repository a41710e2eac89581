import type { ReactNode } from 'react';
import { Form, SaveButton, type RaRecord } from 'react-admin';
import { Box } from '@mui/material';
import type { z } from 'zod';
import { schemaResolver } from '@/src/common/schemaResolver';
import { FieldGrid, LockedForm } from './inputs';

export type FormValues = Record<string, unknown>;

type Props = {
  record: Partial<RaRecord>;
  /** The domain schema the server validates with (and its messages). */
  schema: z.ZodType<object>;
  /** Returns the server's field errors, which the form shows under their fields. */
  onSubmit: (values: FormValues) => Promise<Record<string, string> | undefined>;
  /** Every field disabled and no save button: the viewer may not change this form. */
  locked: boolean;
  /** The save button shows even when some fields are disabled (church affiliation). */
  canSave?: boolean;
  children: ReactNode;
};

/** A profile tab's form: its fields in columns and, for those who may change it, a save button. */
export function ProfileForm({ record, schema, onSubmit, locked, canSave = !locked, children }: Props) {
  return (
    <LockedForm locked={locked}>
      {/* The spec's messages show under their fields; no browser bubbles, no extra 'form is not valid' toast. */}
      <Form record={record} resolver={schemaResolver(schema)} onSubmit={onSubmit} noValidate disableInvalidFormNotification>
        <FieldGrid>{children}</FieldGrid>
        {canSave && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            {/* Enabled untouched too: a profile prefilled from the member record may be saved as it is. */}
            <SaveButton alwaysEnable />
          </Box>
        )}
      </Form>
    </LockedForm>
  );
}
