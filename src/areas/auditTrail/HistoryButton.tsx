import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { memberHistoryPath } from './auditQuery';
import { useAllows } from '@/src/authProvider/useAllows';

/** On a profile: the audit log filtered to this member's whole history, for those who may read the log. */
export function HistoryButton({ userId }: { userId: string }) {
  const translate = useTranslate();
  const canAccess = useAllows('auditLogs', 'view');
  if (!canAccess) return null;
  return (
    <Button variant="outlined" component={Link} to={memberHistoryPath(userId)} startIcon={<HistoryIcon />}>
      {translate('flock.audit.history')}
    </Button>
  );
}
