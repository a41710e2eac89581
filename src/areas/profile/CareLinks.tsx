import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import TimelineIcon from '@mui/icons-material/Timeline';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { useAllows } from '@/src/authProvider/useAllows';

/** On a profile: its timeline, for whoever sees the profile; its care notes, for pastoral carers, never on one's own. */
export function CareLinks({ userId, isSelf }: { userId: string; isSelf: boolean }) {
  const translate = useTranslate();
  const mayCare = useAllows('careNotes', 'view');
  return (
    <>
      <Button variant="outlined" component={Link} to={`/profile/${userId}/timeline`} startIcon={<TimelineIcon />}>
        {translate('flock.care.timeline')}
      </Button>
      {mayCare && !isSelf && (
        <Button variant="outlined" component={Link} to={`/profile/${userId}/care-notes`} startIcon={<VolunteerActivismIcon />}>
          {translate('flock.care.notes')}
        </Button>
      )}
    </>
  );
}
