import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Chip, List, ListItem, ListItemText } from '@mui/material';
import { VisitorForm, type Visitor } from './TakeAttendance';

/** A visitor of a stored meeting being edited: id and firstTimerId stay with it, so its first-timer account does. */
export type DraftVisitor = Visitor & { id?: string; firstTimerId?: string | null };

const t = (key: string) => `flock.cihReports.center.${key}`;

/**
 * An earlier meeting's visitors, edited before one save: each may be edited (name, phone, email)
 * or removed, and new ones added. One on the first-timer list is edited but not removed, so the
 * link to its account and its conversion stays counted.
 */
export function VisitorsEditor({ visitors, onChange }: { visitors: DraftVisitor[]; onChange: (visitors: DraftVisitor[]) => void }) {
  const translate = useTranslate();
  const [editing, setEditing] = useState<number>();
  const editingVisitor = editing === undefined ? undefined : visitors[editing];
  const replace = (visitor: Visitor) => {
    onChange(visitors.map((v, j) => (j === editing ? { ...v, ...visitor } : v)));
    setEditing(undefined);
  };
  return (
    <>
      <List dense>
        {visitors.map((v, i) => (
          <ListItem key={v.id ?? `new-${i}`} divider sx={{ gap: 1, flexWrap: 'wrap', px: 0 }}>
            <ListItemText primary={v.name} secondary={[v.phone, v.email].filter(Boolean).join(' · ')} />
            {v.firstTimerId && <Chip size="small" color="success" label={translate(t('sent_to_first_timers'))} />}
            <Button size="small" aria-label={translate(t('edit_visitor'), { name: v.name })} onClick={() => setEditing(i)}>
              {translate('ra.action.edit')}
            </Button>
            {!v.firstTimerId && (
              <Button
                size="small"
                color="error"
                aria-label={translate(t('remove_visitor'), { name: v.name })}
                onClick={() => {
                  onChange(visitors.filter((_v, j) => j !== i));
                  setEditing(undefined);
                }}
              >
                {translate('ra.action.remove')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
      {editingVisitor ? (
        <VisitorForm
          key={`edit-${editing}`}
          initial={editingVisitor}
          firstTimerLocked={Boolean(editingVisitor.firstTimerId)}
          onAdd={replace}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <VisitorForm key="add" onAdd={(visitor) => onChange([...visitors, visitor])} />
      )}
    </>
  );
}
