import { useId, useState } from 'react';
import { useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Checkbox, Divider, FormControlLabel, FormHelperText, Menu, MenuItem, Typography } from '@mui/material';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import { useQueryClient } from '@tanstack/react-query';
import type { SavedList } from '@/domain/people/savedLists';
import { useAllows } from '@/src/authProvider/useAllows';
import { NameDialog } from '@/src/common/NameDialog';
import type { FlockDataProvider } from '@/src/dataProvider';
import { SAVED_LISTS_KEY, sameFilter, savedFilterOf, useSavedLists } from './savedListsData';

const t = (key: string) => `flock.saved_lists.${key}`;

/** Saves the member list's filter by name; the office may share it. */
function SaveListDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const queryClient = useQueryClient();
  const { filterValues } = useListContext();
  const mayShare = useAllows('savedLists', 'share');
  const [shared, setShared] = useState(false);
  const save = async (name: string) => {
    await api.createSavedList({ name, shared, filter: savedFilterOf(filterValues) });
    notify(t('saved'), { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: SAVED_LISTS_KEY });
    onClose();
  };
  return (
    <NameDialog title={translate(t('save_title'))} label={translate(t('name'))} onClose={onClose} onSave={save}>
      {!!(filterValues as { customField?: { id?: string } }).customField?.id && (
        <Alert severity="info">{translate(t('custom_left_out'))}</Alert>
      )}
      {mayShare && (
        <div>
          <FormControlLabel
            control={<Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} />}
            label={translate(t('share'))}
          />
          <FormHelperText>{translate(t('share_help'))}</FormHelperText>
        </div>
      )}
    </NameDialog>
  );
}

/**
 * The member list's 'Saved lists' picker (docs/decisions/0214): each list opens the member list
 * with its filter; 'Save this filter' keeps the current one; 'Manage' leads to /saved-lists.
 */
export function SavedListsMenu() {
  const translate = useTranslate();
  const { setFilters } = useListContext();
  const { data: lists = [] } = useSavedLists();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  const menuId = useId();
  const open = (list: SavedList) => {
    setAnchor(null);
    setFilters(list.filter, Object.fromEntries(Object.keys(list.filter).map((key) => [key, true])));
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<BookmarksIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ minHeight: 44 }}
      >
        {translate(t('menu'))}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {lists.length === 0 && <MenuItem disabled>{translate(t('none'))}</MenuItem>}
        {lists.map((list) => (
          <MenuItem key={list.id} onClick={() => open(list)} sx={{ minHeight: 44 }}>
            {list.name}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setSaving(true);
          }}
          sx={{ minHeight: 44 }}
        >
          {translate(t('save'))}
        </MenuItem>
        <MenuItem component={RouterLink} to="/saved-lists" sx={{ minHeight: 44 }}>
          {translate(t('manage'))}
        </MenuItem>
      </Menu>
      {saving && <SaveListDialog onClose={() => setSaving(false)} />}
    </>
  );
}

/** Above the member list: the saved list its filter is, with how many people it holds today. */
export function SavedListHeading() {
  const translate = useTranslate();
  const { filterValues, total, isPending } = useListContext();
  const { data: lists = [] } = useSavedLists();
  const current = savedFilterOf(filterValues);
  const list = Object.keys(current).length ? lists.find((l) => sameFilter(l.filter, current)) : undefined;
  if (!list || isPending || total === undefined) return null;
  return (
    <Typography component="h2" variant="h6" sx={{ px: 2, pt: 1 }}>
      {translate(t('heading'), { name: list.name, smart_count: total })}
    </Typography>
  );
}
