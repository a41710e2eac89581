import { useState, type MouseEvent } from 'react';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { Box, Button, Collapse, List, ListItemIcon, ListItemText, Menu as MuiMenu, MenuItem, Paper } from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { isGroup, menuLabel, useMenuEntries, type MenuGroup } from './menuEntries';

/** A submenu of the vertical menu; it starts open when one of its pages is the current one. */
function SubMenu({ group }: { group: MenuGroup }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const [open, setOpen] = useState(() => group.children.some((child) => pathname.startsWith(child.to)));
  const label = translate(menuLabel(group.name));
  return (
    <>
      <MenuItem tabIndex={0} onClick={() => setOpen(!open)} aria-expanded={open} aria-label={label} sx={{ color: 'text.secondary' }}>
        <ListItemIcon sx={{ minWidth: 40 }}>{group.icon}</ListItemIcon>
        {sidebarOpen && <ListItemText>{label}</ListItemText>}
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </MenuItem>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List disablePadding sx={{ pl: sidebarOpen ? 2 : 0 }}>
          {group.children.map((child) => (
            <RaMenu.Item key={child.name} to={child.to} primaryText={menuLabel(child.name)} leftIcon={child.icon} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** The vertical side menu. */
export function Menu() {
  return (
    <RaMenu>
      {useMenuEntries().map((entry) =>
        isGroup(entry) ? (
          <SubMenu key={entry.name} group={entry} />
        ) : (
          <RaMenu.Item key={entry.name} to={entry.to} primaryText={menuLabel(entry.name)} leftIcon={entry.icon} />
        ),
      )}
    </RaMenu>
  );
}

function GroupButton({ group }: { group: MenuGroup }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = `menu-${group.name}`;
  return (
    <>
      <Button
        color="inherit"
        startIcon={group.icon}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={!!anchor}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        {translate(menuLabel(group.name))}
      </Button>
      <MuiMenu id={id} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {group.children.map((child) => (
          <MenuItem key={child.name} component={Link} to={child.to} onClick={() => setAnchor(null)}>
            <ListItemIcon>{child.icon}</ListItemIcon>
            {translate(menuLabel(child.name))}
          </MenuItem>
        ))}
      </MuiMenu>
    </>
  );
}

/** The same entries as a bar across the top, for the horizontal menu layout. */
export function HorizontalMenu() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  return (
    <Paper component="nav" square aria-label={translate('flock.menu.main')} sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, px: 1, py: 0.5 }}>
        {useMenuEntries().map((entry) =>
          isGroup(entry) ? (
            <GroupButton key={entry.name} group={entry} />
          ) : (
            <Button
              key={entry.name}
              component={Link}
              to={entry.to}
              startIcon={entry.icon}
              color={pathname.startsWith(entry.to) ? 'primary' : 'inherit'}
              aria-current={pathname.startsWith(entry.to) ? 'page' : undefined}
            >
              {translate(menuLabel(entry.name))}
            </Button>
          ),
        )}
      </Box>
    </Paper>
  );
}
