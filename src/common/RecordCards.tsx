import { Fragment, useState, type ReactElement, type ReactNode } from 'react';
import { RecordContextProvider, useListContext, useTranslate, type RaRecord } from 'react-admin';
import {
  Card,
  Checkbox,
  IconButton,
  LinearProgress,
  Link,
  Popover,
  Stack,
  styled,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { THUMB } from './thumb';
import { SelectionBar, useSelectMode } from './SelectionBar';
import { Later } from './Later';

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
 * The cards' look, made once for the list: an sx per card, per line and per label had emotion
 * serialise the same styles hundreds of times a page (docs/decisions/0252).
 */
const CardList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  padding: theme.spacing(1),
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1),
  '& > li': { padding: theme.spacing(1.5), display: 'flex', gap: theme.spacing(1), alignItems: 'flex-start' },
  '& .card-body': { flex: 1, minWidth: 0, overflowWrap: 'anywhere' },
  // A name or a line's value that links elsewhere is a tap target: THUMB high (theme.ts), as MUI's Link is on a phone.
  '& .card-body a[href]': { display: 'inline-flex', alignItems: 'center', minHeight: THUMB, minWidth: THUMB },
  '& .card-title': { ...theme.typography.subtitle1, fontWeight: 500 },
  '& .card-line': theme.typography.body2,
  '& .card-label': { color: theme.palette.text.secondary },
}));

/** The cards a phone's first screen holds: the page renders that many at a time. */
const CARDS_AT_ONCE = 6;

/**
 * The list's page as cards on a phone: the name, then one short line per field, and the row's
 * actions behind a menu button, so nothing is wider than the screen. The first screenful renders
 * with the page's data, each next one in a later render of its own (docs/decisions/0252).
 */
export function RecordCards<R extends RaRecord>({ bulkActions, empty, ...card }: RecordCardsProps<R>) {
  const translate = useTranslate();
  const { data, isPending } = useListContext<R>();
  const [selecting, setSelecting] = useSelectMode(!!bulkActions);
  if (isPending) return <LinearProgress sx={{ m: 2 }} />;
  if (!data?.length) return <>{empty ?? <Typography sx={{ p: 2 }}>{translate('flock.crud.no_rows')}</Typography>}</>;
  const cards = (
    <CardList>
      {Array.from({ length: Math.ceil(data.length / CARDS_AT_ONCE) }, (_, i) => {
        const records = <Cards records={data.slice(i * CARDS_AT_ONCE, (i + 1) * CARDS_AT_ONCE)} selecting={selecting} {...card} />;
        return i === 0 ? (
          <Fragment key={i}>{records}</Fragment>
        ) : (
          <Later key={i} steps={i}>
            {records}
          </Later>
        );
      })}
    </CardList>
  );
  if (!bulkActions) return cards;
  return (
    <SelectionBar selecting={selecting} onSelecting={setSelecting} actions={bulkActions}>
      {cards}
    </SelectionBar>
  );
}

type CardsProps<R extends RaRecord> = Omit<RecordCardsProps<R>, 'bulkActions' | 'empty'> & { records: R[]; selecting: boolean };

function Cards<R extends RaRecord>({ records, selecting, title, name, lines, actions, onOpen }: CardsProps<R>) {
  const translate = useTranslate();
  const { selectedIds, onToggleItem } = useListContext<R>();
  return records.map((record) => (
    <RecordContextProvider key={record.id} value={record}>
      <Card component="li">
        {selecting && (
          <Checkbox
            checked={selectedIds.includes(record.id)}
            onChange={() => onToggleItem(record.id)}
            slotProps={{ input: { 'aria-label': translate('flock.selection.select_one', { name: name(record) }) } }}
            sx={{ minWidth: THUMB, minHeight: THUMB, m: -1 }}
          />
        )}
        <div className="card-body">
          <div className="card-title">
            {onOpen ? (
              <Link component="button" type="button" variant="subtitle1" onClick={() => onOpen(record)} sx={{ textAlign: 'left' }}>
                {title(record)}
              </Link>
            ) : (
              title(record)
            )}
          </div>
          {lines.map(({ source, label, value }) => {
            const content = value(record);
            return shown(content) ? (
              <div key={source} className="card-line">
                <span className="card-label">{translate(label)}:</span> {content}
              </div>
            ) : null;
          })}
        </div>
        {actions && !selecting && <RowActionsMenu name={name(record)}>{actions}</RowActionsMenu>}
      </Card>
    </RecordContextProvider>
  ));
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
