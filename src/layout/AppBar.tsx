import { lazy, Suspense, useState } from 'react';
import {
  AppBar as RaAppBar,
  LoadingIndicator,
  Logout,
  TitlePortal,
  UserMenu as RaUserMenu,
  useGetIdentity,
  useLocaleState,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { ListItemIcon, ListItemText, MenuItem, Typography, type MenuItemProps } from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import PersonIcon from '@mui/icons-material/Person';
import TranslateIcon from '@mui/icons-material/Translate';
import { LANGUAGES, type LanguageCode } from '@/domain/common/languages';
import { useSaveLanguage } from '@/src/common/LanguagePicker';
import { APP_NAME } from '@/src/config';
import { usePreferences } from './preferences';
import { SettingsMenu } from './SettingsMenu';

/** The bell loads after the page: the login page's JavaScript stays within its budget. */
const NotificationBell = lazy(() => import('@/src/areas/notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })));

/** The change-password dialog and its validation (zod) load when first opened, not with every page. */
const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })));

/** MUI's MenuList gives its items focus props; they must reach the MenuItem. */
type FocusProps = Pick<MenuItemProps, 'tabIndex' | 'autoFocus'>;

function ProfileItem({ tabIndex, autoFocus }: FocusProps) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const { identity } = useGetIdentity();
  return (
    <MenuItem
      tabIndex={tabIndex}
      autoFocus={autoFocus}
      component={Link}
      to={`/profile/${identity?.id ?? ''}`}
      onClick={() => userMenu?.onClose()}
    >
      <ListItemIcon>
        <PersonIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('flock.user_menu.profile')}</ListItemText>
    </MenuItem>
  );
}

function ChangePasswordItem({ onOpen, ...focus }: FocusProps & { onOpen: () => void }) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const open = () => {
    userMenu?.onClose();
    onOpen();
  };
  return (
    <MenuItem {...focus} onClick={open}>
      <ListItemIcon>
        <LockResetIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('flock.user_menu.change_password')}</ListItemText>
    </MenuItem>
  );
}

/**
 * One item per other language, named in its own words: choosing it switches the screens and keeps
 * the choice on the person (docs/decisions/0226-languages.md).
 */
function LanguageItem({ code, name, ...focus }: FocusProps & { code: LanguageCode; name: string }) {
  const userMenu = useUserMenu();
  const [, setLocale] = useLocaleState();
  const save = useSaveLanguage();
  const choose = () => {
    userMenu?.onClose();
    setLocale(code);
    void save(code);
  };
  return (
    <MenuItem {...focus} onClick={choose} lang={code}>
      <ListItemIcon>
        <TranslateIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{name}</ListItemText>
    </MenuItem>
  );
}

/** The app bar: product name, page title, the notifications bell, display settings and the user menu. */
export function AppBar() {
  const [preferences] = usePreferences();
  const [changingPassword, setChangingPassword] = useState(false);
  const [locale] = useLocaleState();
  // Mounted from the first opening on, so that closing it still fades out.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  // In the horizontal layout the menu is a bar of its own: no sidebar to toggle.
  const sx = preferences.menuLayout === 'horizontal' ? { '& .RaAppBar-menuButton': { display: 'none' } } : undefined;
  return (
    <>
      <RaAppBar
        color="primary"
        sx={sx}
        toolbar={
          <>
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
            <SettingsMenu />
            <LoadingIndicator />
          </>
        }
        userMenu={
          <RaUserMenu>
            <ProfileItem />
            <ChangePasswordItem
              onOpen={() => {
                setDialogLoaded(true);
                setChangingPassword(true);
              }}
            />
            {LANGUAGES.filter(({ code }) => code !== locale).map(({ code, name }) => (
              <LanguageItem key={code} code={code} name={name} />
            ))}
            <Logout />
          </RaUserMenu>
        }
      >
        {/* On a phone the page's title needs the room: the product's name shows from 'sm' up. */}
        <Typography variant="h6" component="span" sx={{ mr: 2, fontWeight: 600, display: { xs: 'none', sm: 'inline' } }}>
          {APP_NAME}
        </Typography>
        {/* The title wraps between words rather than being cut with an ellipsis; smaller on a phone. */}
        <TitlePortal
          sx={{
            whiteSpace: 'normal',
            overflowWrap: 'break-word',
            minWidth: 0,
            lineHeight: 1.25,
            fontSize: { xs: '1rem', sm: '1.25rem' },
            py: 0.5,
          }}
        />
      </RaAppBar>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </>
  );
}
