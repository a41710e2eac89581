import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import { selectFilter } from '@/src/common/peopleFilters';
import { useAllows } from '@/src/authProvider/useAllows';
import type { ColumnDef } from '@/src/resources/crud';

/** The words of a code the API stores (open, firstTimer, call): flock.cihReports.<source>.<code>. */
const codeKey = (source: string, code: string) => `flock.cihReports.${source}.${code}`;

function CodeLabel({ source, code }: { source: string; code?: string | null }) {
  const translate = useTranslate();
  return <>{code ? translate(codeKey(source, code), { _: code }) : ''}</>;
}

/** A column of codes (status, reason, channel) shown and exported in words. */
export const codeColumn = (source: string, sortable = false): ColumnDef => ({
  source,
  sortable,
  render: (record) => <CodeLabel source={source} code={record[source]} />,
  csv: (record, translate) => (record[source] ? translate(codeKey(source, record[source]), { _: record[source] }) : ''),
});

/** A filter on codes, offered in words. */
export function useCodeFilter(source: string, codes: readonly string[]) {
  const translate = useTranslate();
  return selectFilter(source, codes, (code) => translate(codeKey(source, code)));
}

/** Reports, meetings and follow-ups are filed on /cih/center: an empty list leads there whoever may file them. */
export function ToMyCenter() {
  const translate = useTranslate();
  if (!useAllows('cihAttendance', 'create')) return null;
  return (
    <Button variant="contained" size="small" component={Link} to="/cih/center">
      {translate('flock.cihReports.go_to_center')}
    </Button>
  );
}
