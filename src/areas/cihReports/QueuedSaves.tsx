import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { longDate } from '@/src/common/crud';
import { notifyChanged, putSave, removeSave, type QueuedSave } from '@/src/offline/outbox';

const t = (key: string) => `flock.cihReports.attendance.offline.${key}`;

const COLOR = { waiting: 'warning', sent: 'success', conflict: 'error', refused: 'error' } as const;

/**
 * What this phone holds of the leader's attendance saves: those waiting for the network, those
 * sent (with what the server kept), and any the server did not take: a newer save of the same
 * meeting (the leader sends theirs anyway or discards it) or a refusal with its reason.
 */
export function QueuedSaves({ saves, onSendNow }: { saves: QueuedSave[]; onSendNow: () => void }) {
  const translate = useTranslate();
  if (!saves.length) return null;
  const waiting = saves.filter((s) => s.state === 'waiting').length;
  const change = async (save: QueuedSave | undefined, remove?: string) => {
    if (save) await putSave(save);
    if (remove) await removeSave(remove);
    notifyChanged();
    if (save?.state === 'waiting') onSendNow();
  };
  const newestFirst = [...saves].reverse();
  return (
    <Box component="section" aria-labelledby="queued-saves" sx={{ mt: 2 }}>
      <Typography id="queued-saves" component="h3" variant="subtitle1">
        {translate(t('title'))}
      </Typography>
      <Typography aria-live="polite" color="text.secondary">
        {waiting ? translate(t('waiting_count'), { smart_count: waiting }) : translate(t('all_sent'))}
      </Typography>
      {waiting > 0 && (
        <Button onClick={onSendNow} sx={{ minHeight: 44, my: 1 }}>
          {translate(t('send_now'))}
        </Button>
      )}
      <List dense aria-label={translate(t('title'))}>
        {newestFirst.map((save) => (
          <ListItem key={save.key} divider sx={{ flexWrap: 'wrap', gap: 1, px: 0 }} data-save-state={save.state}>
            <ListItemText
              primary={longDate(save.meetingDate)}
              secondary={
                save.state === 'sent' && save.result
                  ? translate(t('sent_line'), {
                      present: save.result.presentCount,
                      members: save.result.membersCount,
                      visitors: save.result.visitorCount,
                    })
                  : translate(t(`${save.state}_line`))
              }
            />
            <Chip label={translate(t(save.state))} color={COLOR[save.state]} variant="outlined" />
            {(save.state === 'conflict' || save.state === 'refused') && (
              <Stack sx={{ width: '100%', gap: 1 }}>
                <Alert severity="warning">{save.message ?? translate(t(`${save.state}_line`))}</Alert>
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                  {save.state === 'conflict' && (
                    <Button
                      variant="outlined"
                      sx={{ minHeight: 44 }}
                      // Sent again without basedOn: the leader has seen the newer save and keeps theirs.
                      onClick={() =>
                        void change({ ...save, state: 'waiting', message: undefined, body: { ...save.body, basedOn: undefined } })
                      }
                    >
                      {translate(t('send_mine'))}
                    </Button>
                  )}
                  <Button color="error" sx={{ minHeight: 44 }} onClick={() => void change(undefined, save.key)}>
                    {translate(t('discard'))}
                  </Button>
                </Stack>
              </Stack>
            )}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
