import { useState, type ReactElement, type ReactNode } from 'react';
import { RecordContextProvider, useListContext, useTranslate, type RaRecord } from 'react-admin';
import {
  Box,
  Card,
  Checkbox,
  IconButton,
  LinearProgress,
  Link,
  Popover,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { THUMB } from './thumb';
import { SelectionBar, useSelectMode } from './SelectionBar';

/** Below MUI's 'sm' breakpoint (600 px): a phone held upright. Lists show cards there (react-admin's SimpleList pattern). */
export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** One line of a card: a label (a translation key) and the record's value, as a table cell would show it. */
export type CardLine<R extends RaRecord = RaRecord> = { source: string; label: string; value: (record: R) => ReactNode };

type RecordCardsProps<R extends RaRecord> = {
  /** The card's heading: the record's name, often a link to its page. */
  title: (record: R) => ReactNode;
  /** The record's name in words, for the menu button's label. */
  name: (record: R) => string;
  lines: CardLine<R>[];
  /** The row's actions, rendered in the record's context behind a menu button. */
  actions?: ReactElement;
  /** Opens the record (the request's detail); the title becomes a button. */
  onOpen?: (record: R) => void;
  /** What an empty page of the list shows. */
  empty?: ReactNode;
  /**
   * Actions on a selection (docs/decisions/0222): with them, a Select button turns on a checkbox
   * per card, and a bar under the cards holds the actions while anyone is selected.
   */
  bulkActions?: ReactElement;
};

/** A value worth a line: a card leaves out what a table would show as an empty cell. */
const shown = (value: ReactNode) => value !== null && value !== undefined && value !== '' && value !== false;

/**
 * The list's page as cards on a phone: the name, then one short line per field, and the row's
 * actions behind a menu button, so nothing is wider than the screen.
 */
export function RecordCards<R extends RaRecord>({ title, name, lines, actions, onOpen, empty, bulkActions }: RecordCardsProps<R>) {
  const translate = useTranslate();
  const { data, isPending, selectedIds, onToggleItem } = useListContext<R>();
  const [selecting, setSelecting] = useSelectMode(!!bulkActions);
  if (isPending) return <LinearProgress sx={{ m: 2 }} />;
  if (!data?.length) return <>{empty ?? <Typography sx={{ p: 2 }}>{translate('flock.crud.no_rows')}</Typography>}</>;
  const cards = (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 1, m: 0 }}>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card component="li" sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            {selecting && (
              <Checkbox
                checked={selectedIds.includes(record.id)}
                onChange={() => onToggleItem(record.id)}
                slotProps={{ input: { 'aria-label': translate('flock.selection.select_one', { name: name(record) }) } }}
                sx={{ minWidth: THUMB, minHeight: THUMB, m: -1 }}
              />
            )}
            {/* A name or a line's value that links elsewhere is a tap target: THUMB high (theme.ts), as MUI's Link is on a phone. */}
            <Box
              sx={{
                flex: 1,
                minWidth: 0,
                overflowWrap: 'anywhere',
                '& a[href]': { display: 'inline-flex', alignItems: 'center', minHeight: THUMB, minWidth: THUMB },
              }}
            >
              <Typography variant="subtitle1" component="div" sx={{ fontWeight: 500 }}>
                {onOpen ? (
                  <Link component="button" type="button" variant="subtitle1" onClick={() => onOpen(record)} sx={{ textAlign: 'left' }}>
                    {title(record)}
                  </Link>
                ) : (
                  title(record)
                )}
              </Typography>
              {lines.map(({ source, label, value }) => {
                const content = value(record);
                return shown(content) ? (
                  <Typography key={source} variant="body2" component="div">
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {translate(label)}:
                    </Box>{' '}
                    {content}
                  </Typography>
                ) : null;
              })}
            </Box>
            {actions && !selecting && <RowActionsMenu name={name(record)}>{actions}</RowActionsMenu>}
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
  if (!bulkActions) return cards;
  return (
    <SelectionBar selecting={selecting} onSelecting={setSelecting} actions={bulkActions}>
      {cards}
    </SelectionBar>
  );
}

/**
 * A row's actions behind a menu button. The actions stay mounted while the menu is open, so a
 * confirmation they open is not lost; the menu closes when the person closes it.
 */
function RowActionsMenu({ name, children }: { name: string; children: ReactNode }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        aria-label={translate('flock.crud.actions_of', { name })}
        aria-haspopup="true"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack spacing={1} sx={{ p: 1.5, alignItems: 'stretch', '& > *': { justifyContent: 'flex-start' } }}>
          {children}
        </Stack>
      </Popover>
    </>
  );
}
