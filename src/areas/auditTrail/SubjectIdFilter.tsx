import { TextInput, useInput, useListContext, useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import type { AuditRow } from './useAuditLabels';

/**
 * The member a History link filtered by: their name as a chip (taken from the rows, which name
 * the member they are about), whose delete button clears the filter; the id field while no
 * row names them.
 */
export function SubjectIdFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const { data } = useListContext<AuditRow>();
  const name = field.value ? data?.find((row) => row.subjectId === field.value)?.subjectName : undefined;
  if (!name) return <TextInput source={source} label={label} resettable />;
  return (
    <Chip
      sx={{ mb: 1 }}
      label={translate('flock.audit.filters.subjectIs', { name })}
      onDelete={() => field.onChange('')}
      aria-label={translate('flock.audit.filters.subjectIs', { name })}
    />
  );
}
