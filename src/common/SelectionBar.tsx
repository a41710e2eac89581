import { useState, type ReactElement, type ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { Box, Button, Paper, Typography } from '@mui/material';
import ChecklistIcon from '@mui/icons-material/Checklist';
import CloseIcon from '@mui/icons-material/Close';

/** Whether a phone's cards show their checkboxes: off until the person asks to select. */
export function useSelectMode(enabled: boolean) {
  const [selecting, setSelecting] = useState(false);
  return [enabled && selecting, setSelecting] as const;
}

type Props = {
  selecting: boolean;
  onSelecting: (selecting: boolean) => void;
  /** The list's actions on a selection, rendered in the list's context (they read its selectedIds). */
  actions: ReactElement;
  /** The cards. */
  children: ReactNode;
};

/**
 * A phone's way to act on several people (docs/decisions/0222): Select turns on a checkbox per
 * card, and a bar kept at the screen's foot says how many are selected and holds the list's
 * actions (the desktop table's bulk actions; with nobody selected they offer only what selects,
 * such as 'Select all that match'). Done leaves select mode and clears the selection.
 */
export function SelectionBar({ selecting, onSelecting, actions, children }: Props) {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext();
  const done = () => {
    onUnselectItems();
    onSelecting(false);
  };
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1 }}>
        {selecting ? (
          <Button startIcon={<CloseIcon />} onClick={done}>
            {translate('flock.selection.done')}
          </Button>
        ) : (
          <Button startIcon={<ChecklistIcon />} onClick={() => onSelecting(true)}>
            {translate('flock.selection.select')}
          </Button>
        )}
      </Box>
      {children}
      {selecting && (
        <Paper
          role="region"
          aria-label={translate('flock.selection.bar')}
          elevation={6}
          sx={{ position: 'sticky', bottom: 0, zIndex: 2, p: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
        >
          <Typography sx={{ flexBasis: '100%', fontWeight: 500 }}>
            {translate('flock.selection.count', { smart_count: selectedIds.length })}
          </Typography>
          {actions}
        </Paper>
      )}
    </>
  );
}
