import { useState, type MouseEvent } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { IconButton, Menu, MenuItem } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { ChangeRoleDialog } from '@/src/common/roles/ChangeRoleDialog';
import { CihRoleDialog } from '@/src/common/roles/CihRoleDialog';
import type { UserRow } from './StatusButton';
import { useAllows } from '@/src/authProvider/useAllows';

type Opened = 'role' | 'cihRole' | null;

/** The row's role actions, each for those whose permissions allow it: its platform role and its CIH role. */
export function UserRowMenu() {
  const translate = useTranslate();
  const user = useRecordContext<UserRow>();
  const canChangeRole = useAllows('users', 'edit');
  const canSetCihRole = useAllows('users', 'cihRole');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState<Opened>(null);
  if (!user || !(canChangeRole || canSetCihRole)) return null;
  const open = (dialog: Opened) => {
    setAnchor(null);
    setOpened(dialog);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={translate('flock.people.users.more', { name: user.fullName })}
        aria-haspopup="menu"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {canChangeRole && <MenuItem onClick={() => open('role')}>{translate('flock.people.change_role.submit')}</MenuItem>}
        {canSetCihRole && <MenuItem onClick={() => open('cihRole')}>{translate('flock.people.cih_role.action')}</MenuItem>}
      </Menu>
      {opened === 'role' && <ChangeRoleDialog user={user} onClose={() => setOpened(null)} />}
      {opened === 'cihRole' && <CihRoleDialog user={user} onClose={() => setOpened(null)} />}
    </>
  );
}
