import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import { selectFilter } from '@/src/common/peopleFilters';
import { useAllows } from '@/src/authProvider/useAllows';
import { codeColumn as columnInWords, codeLabel } from '@/src/common/enumLabels';

/** Where the words of the codes the API stores (open, firstTimer, call) are: flock.cihReports.<source>.<code>. */
const wordsOf = (source: string) => `flock.cihReports.${source}`;

/** A column of codes (status, reason, channel) shown and exported in words. */
export const codeColumn = (source: string, sortable = false) => columnInWords(source, wordsOf(source), { sortable });

/** A filter on codes, offered in words. */
export function useCodeFilter(source: string, codes: readonly string[]) {
  const translate = useTranslate();
  return selectFilter(source, codes, (code) => codeLabel(translate, wordsOf(source), code));
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
