import { useCallback, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import {
  AppBarClasses,
  HideOnScroll,
  useGetIdentity,
  useLoading,
  useRefresh,
  UserMenuContextProvider,
  useSidebarState,
  useTranslate,
} from 'react-admin';
import { AppBar as MuiAppBar, Button, CircularProgress, IconButton, Menu, Toolbar, useMediaQuery, type Theme } from '@mui/material';
import { styled } from '@mui/material/styles';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import RefreshIcon from '@mui/icons-material/Refresh';
import { LazyTooltip } from '@/src/common/LazyTooltip';

/*
 * react-admin's app bar, sidebar toggle, loading indicator and user menu, with the same markup,
 * classes and labels, their tooltips mounted at first use (src/common/LazyTooltip.tsx) and the user
 * menu's list at its first opening: each was mounted with every signed-in page, a large share of
 * its start-up on a throttled phone (docs/decisions/0258).
 */

const Bar = styled(MuiAppBar, { name: 'RaAppBar', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  [`& .${AppBarClasses.toolbar}`]: {
    padding: `0 ${theme.spacing(1)}`,
    [theme.breakpoints.down('md')]: { minHeight: theme.spacing(6) },
  },
  [`& .${AppBarClasses.menuButton}`]: { marginRight: '0.2em' },
}));

type BarProps = { sx?: object; children: ReactNode; toolbar: ReactNode; userMenu: ReactNode };

/** The bar itself: hidden while the page scrolls down, as react-admin's. */
export function FrameBar({ sx, children, toolbar, userMenu }: BarProps) {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <HideOnScroll>
      <Bar className={AppBarClasses.appBar} color="primary" sx={sx}>
        <Toolbar disableGutters variant={isXSmall ? 'regular' : 'dense'} className={AppBarClasses.toolbar}>
          <SidebarToggle />
          {children}
          {toolbar}
          {userMenu}
        </Toolbar>
      </Bar>
    </HideOnScroll>
  );
}

const Turning = styled(IconButton, { name: 'RaSidebarToggleButton' })(({ theme }) => {
  const transition = theme.transitions.create(['transform'], {
    easing: theme.transitions.easing.sharp,
    duration: theme.transitions.duration.leavingScreen,
  });
  return {
    '& .RaSidebarToggleButton-menuButtonIconClosed': { transition, transform: 'rotate(0deg)' },
    '& .RaSidebarToggleButton-menuButtonIconOpen': { transition, transform: 'rotate(180deg)' },
  };
});

function SidebarToggle() {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const label = translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu');
  return (
    <LazyTooltip title={label} enterDelay={500}>
      <Turning color="inherit" className={AppBarClasses.menuButton} aria-label={label} onClick={() => setOpen(!open)}>
        <MenuIcon className={open ? 'RaSidebarToggleButton-menuButtonIconOpen' : 'RaSidebarToggleButton-menuButtonIconClosed'} />
      </Turning>
    </LazyTooltip>
  );
}

const Indicator = styled('div', { name: 'RaLoadingIndicator' })({
  position: 'relative',
  '& .RaLoadingIndicator-loadedIcon.RaLoadingIndicator-loadedLoading': { opacity: 0 },
  '& .RaLoadingIndicator-loader': { position: 'absolute', top: '30%', left: '30%' },
});

/** The refresh button, and the spinner in its place while something loads. */
export function LoadingIndicator() {
  const translate = useTranslate();
  const loading = useLoading();
  const refresh = useRefresh();
  const label = translate('ra.action.refresh');
  return (
    <Indicator>
      <LazyTooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          className={loading ? 'RaLoadingIndicator-loadedIcon RaLoadingIndicator-loadedLoading' : 'RaLoadingIndicator-loadedIcon'}
          onClick={() => refresh()}
        >
          <RefreshIcon />
        </IconButton>
      </LazyTooltip>
      {loading && <CircularProgress className="app-loader RaLoadingIndicator-loader" color="inherit" size={16} thickness={6} />}
    </Indicator>
  );
}

const UserMenuRoot = styled('div', { name: 'RaUserMenu' })(({ theme }) => ({
  '& .RaUserMenu-userButton': { textTransform: 'none', marginInlineStart: theme.spacing(0.5) },
}));

const ANCHOR = { vertical: 'bottom', horizontal: 'right' } as const;
const TRANSFORM = { vertical: 'top', horizontal: 'right' } as const;

/** The user's menu: their name on a wide screen, an icon on a phone; its items mount at its first opening. */
export function UserMenu({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { isPending, identity } = useGetIdentity();
  const isLargeEnough = useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so that closing it still fades out.
  const [opened, setOpened] = useState(false);
  const onClose = useCallback(() => setAnchor(null), []);
  const context = useMemo(() => ({ onClose }), [onClose]);
  const label = translate('ra.auth.user_menu');
  const open = (event: MouseEvent<HTMLElement>) => {
    setOpened(true);
    setAnchor(event.currentTarget);
  };
  return (
    <UserMenuRoot>
      {isLargeEnough && !isPending && identity?.fullName ? (
        <Button aria-label={label} className="RaUserMenu-userButton" color="inherit" startIcon={<AccountCircleIcon />} onClick={open}>
          {identity.fullName}
        </Button>
      ) : (
        <LazyTooltip title={label}>
          <IconButton aria-label={label} aria-owns={anchor ? 'menu-appbar' : undefined} aria-haspopup color="inherit" onClick={open}>
            <AccountCircleIcon />
          </IconButton>
        </LazyTooltip>
      )}
      {opened && (
        <UserMenuContextProvider value={context}>
          <Menu
            id="menu-appbar"
            disableScrollLock
            anchorEl={anchor}
            anchorOrigin={ANCHOR}
            transformOrigin={TRANSFORM}
            open={!!anchor}
            onClose={onClose}
          >
            {children}
          </Menu>
        </UserMenuContextProvider>
      )}
    </UserMenuRoot>
  );
}
