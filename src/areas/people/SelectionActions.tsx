import { useId, useState } from 'react';
import {
  useDataProvider,
  useGetIdentity,
  useListContext,
  useNotify,
  useTranslate,
  type HttpError,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import SelectAllIcon from '@mui/icons-material/SelectAll';
import { useQuery } from '@tanstack/react-query';
import type { InviteOutcome } from '@/domain/meetings/schemas';
import type { MatchingPeople } from '@/domain/people/savedLists';
import { longDate } from '@/src/common/crud';
import { usePhone } from '@/src/common/RecordCards';
import type { CustomMethodName, FlockDataProvider } from '@/src/dataProvider';

const t = (key: string) => `flock.saved_lists.${key}`;

/** The call that resolves a list's 'all that match' on the server (docs/decisions/0214, 0229). */
export type MatchingCall = Extract<
  CustomMethodName,
  'getMatchingMembers' | 'getMatchingUsers' | 'getMatchingFirstTimers' | 'getMatchingDepartmentMembers'
>;

type SelectAllProps = {
  /** The list's call for all that match; a list held whole in the browser gives its rows instead. */
  call?: MatchingCall;
  /** The list's permanent filter (a department's or a center's people), sent with the visible ones. */
  filter?: Record<string, unknown>;
  /** Every row of a list held whole in the browser (a CIH leader's own center). */
  rows?: RaRecord[];
};

/**
 * 'Select all that match' (docs/decisions/0214, 0229): the selection becomes every person the
 * list's filter keeps, asked of the server, which applies the list's own rights and listing rule
 * (at most 1,000; beyond, its refusal names how many), so the selection's actions then take the
 * whole result, not the page. A list held whole in the browser selects all its rows.
 */
export function SelectAllMatchingButton({ call, filter, rows }: SelectAllProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const { filterValues, selectedIds, total, onSelect } = useListContext();
  if (total !== undefined && total > 0 && selectedIds.length >= total) {
    return <Alert severity="info">{translate(t('all_selected'), { smart_count: selectedIds.length })}</Alert>;
  }
  const selectAll = async () => {
    if (rows) return onSelect(rows.map((row) => row.id));
    try {
      const { data } = await api[call!]<MatchingPeople>({ filter: { ...filterValues, ...filter } });
      onSelect(data.ids);
    } catch (err) {
      notify((err as HttpError).message, { type: 'error' });
    }
  };
  return (
    <Button size="small" startIcon={<SelectAllIcon />} onClick={selectAll}>
      {translate(t('select_all'))}
    </Button>
  );
}

type Meeting = RaRecord & { title: string; startsAt: string; createdBy: string | null };

/** The upcoming meetings the caller called (those they may change, as the meeting's page lets them). */
function useOwnMeetings() {
  const api = useDataProvider<FlockDataProvider>();
  const { identity } = useGetIdentity();
  return useQuery({
    queryKey: ['meetings', 'own upcoming', identity?.id],
    enabled: !!identity,
    queryFn: async () => {
      const { data } = await api.getList<Meeting>('meetings', {
        filter: { upcoming: true },
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'startsAt', order: 'ASC' },
      });
      return data.filter((m) => m.createdBy === identity!.id);
    },
  });
}

/**
 * What an invitation did, in words (docs/decisions/0236): how many were invited, and, when some
 * were not, how many and why, so the actor knows without narrowing the selection by hand.
 */
function inviteReport(translate: ReturnType<typeof useTranslate>, { added, alreadyInvited, leftOut }: InviteOutcome) {
  const parts: Array<[string, number]> = [
    ['invited', added],
    ['already_invited', alreadyInvited],
    ['left_out_inactive', leftOut.inactive],
    ['left_out_reach', leftOut.outOfReach],
  ];
  return parts
    .filter(([key, n]) => key === 'invited' || n > 0)
    .map(([key, n]) => translate(t(key), { smart_count: n }))
    .join('; ');
}

/**
 * Chooses one of the caller's upcoming meetings and invites the selection to it, each told. The
 * server leaves out whom the caller may not invite; the dialog then stays open to say how many
 * and why.
 */
function InviteDialog({ ids, onClose }: { ids: Identifier[]; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const { onUnselectItems } = useListContext();
  const { data: meetings = [], isPending } = useOwnMeetings();
  const [meetingId, setMeetingId] = useState('');
  const [error, setError] = useState<string>();
  const [report, setReport] = useState<string>();
  const titleId = useId();
  const done = () => {
    onUnselectItems();
    onClose();
  };
  const invite = async () => {
    let outcome: InviteOutcome;
    try {
      outcome = (await api.inviteToMeeting<InviteOutcome>({ meetingId, userIds: ids.map(String) })).data;
    } catch (err) {
      setError((err as HttpError).message);
      return;
    }
    // The selection stays while the report is read: its actions, this dialog among them, go with it.
    if (outcome.leftOut.inactive + outcome.leftOut.outOfReach > 0) {
      setReport(inviteReport(translate, outcome));
      return;
    }
    notify(inviteReport(translate, outcome), { type: 'success' });
    done();
  };
  return (
    <Dialog open onClose={report ? done : onClose} fullScreen={usePhone()} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(t('invite_title'), { smart_count: ids.length })}</DialogTitle>
      <DialogContent>
        {report ? (
          <Alert severity="warning" role="status">
            {report}
          </Alert>
        ) : (
          <>
            {!isPending && meetings.length === 0 && <Alert severity="info">{translate(t('no_meetings'))}</Alert>}
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              id="invite-meeting"
              select
              fullWidth
              sx={{ mt: 1 }}
              label={translate(t('meeting'))}
              value={meetingId}
              onChange={(e) => setMeetingId(e.target.value)}
            >
              {meetings.map((m) => (
                <MenuItem key={m.id} value={String(m.id)}>
                  {`${m.title} (${longDate(m.startsAt)})`}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {report ? (
          <Button variant="contained" onClick={done}>
            {translate('ra.action.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
            <Button variant="contained" disabled={!meetingId} onClick={invite}>
              {translate(t('invite_send'))}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** 'Invite to a meeting': for whoever changes meetings (CAN_UPDATE_MEETINGS), on a meeting they called. */
export function InviteToMeetingButton() {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<EventIcon />} onClick={() => setOpen(true)}>
        {translate(t('invite'))}
      </Button>
      {open && <InviteDialog ids={selectedIds} onClose={() => setOpen(false)} />}
    </>
  );
}
