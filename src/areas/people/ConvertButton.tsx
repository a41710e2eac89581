import { useDataProvider, useRecordContext } from 'react-admin';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { ConfirmCallButton } from '@/src/common/ConfirmCallButton';
import type { FlockDataProvider } from '@/src/dataProvider';
import { useAllows } from '@/src/authProvider/useAllows';

/** Converts the row's first-timer to a member after a confirmation (ConvertFirstTimersToMembers). */
export function ConvertButton() {
  const person = useRecordContext<{ id: string; fullName: string }>();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const canAccess = useAllows('firstTimers', 'convert');
  if (!person || !canAccess) return null;
  return (
    <ConfirmCallButton
      action="flock.people.first_timers.convert"
      args={{ name: person.fullName }}
      call={() => dataProvider.convertFirstTimer({ id: person.id })}
      icon={<HowToRegIcon />}
    />
  );
}
