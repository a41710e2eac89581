import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Sidebar as RaSidebar, useTranslate, type SidebarProps } from 'react-admin';
import { LinearProgress } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { loadAreaTexts } from '@/src/i18n';
import { registerServiceWorker } from '@/src/offline/serviceWorker';
import { AppBar } from './AppBar';
import { FrameLayout } from './FrameLayout';
import { HorizontalMenu, Menu } from './Menu';
import { usePreferences, type Preferences } from './preferences';
import { buildTheme } from './theme';

/** Semi-dark: the menu takes the dark palette while the page stays light. */
function MenuTheme({ children }: { children: ReactNode }) {
  const [{ theme, semiDark, skin }] = usePreferences();
  return semiDark && theme === 'light' ? <DarkTheme skin={skin}>{children}</DarkTheme> : children;
}

/** The dark theme, built only where it applies: createTheme costs tens of ms on a throttled phone. */
function DarkTheme({ skin, children }: { skin: Preferences['skin']; children: ReactNode }) {
  const dark = useMemo(() => createTheme(buildTheme({ theme: 'dark', skin })), [skin]);
  return <ThemeProvider theme={dark}>{children}</ThemeProvider>;
}

function Sidebar(props: SidebarProps) {
  return (
    <MenuTheme>
      <RaSidebar {...props} sx={{ '& .RaSidebar-fixed': { bgcolor: 'background.paper', color: 'text.primary' } }} />
    </MenuTheme>
  );
}

const NoSidebar = () => null;

/**
 * The content never grows wider than the screen: a wide table scrolls inside its own box, so
 * the list's toolbar (Export) stays in view at 1366 px, and a phone gets a narrower margin.
 */
const CONTENT_FITS = {
  // react-admin's layout is at least as wide as its content ('fit-content'): the page would scroll sideways.
  minWidth: 0,
  '& .RaLayout-content': { minWidth: 0, px: { xs: 1, sm: 2 } },
  // A list's main column is a flex item too: without this it takes the table's width.
  '& .RaList-main': { minWidth: 0 },
  '& .RaDataTable-tableWrapper, & .MuiTableContainer-root': { overflowX: 'auto' },
} as const;

/** Whether the signed-in areas' texts are in (they load after the first page: src/i18n/index.ts). */
function useAreaTexts() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    // A transition: the whole frame renders in slices of a few milliseconds, not one long task.
    void loadAreaTexts().then(() => live && startTransition(() => setReady(true)));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

/** The signed-in frame: app bar and the menu at the side or across the top, once its texts are in. */
export function SignedInLayout({ children }: { children: ReactNode }) {
  const [{ menuLayout }] = usePreferences();
  // Installing as an app, and opening without signal, start with the first signed-in page.
  const queryClient = useQueryClient();
  useEffect(() => registerServiceWorker(() => void queryClient.invalidateQueries()), [queryClient]);
  const translate = useTranslate();
  if (!useAreaTexts()) return <LinearProgress aria-label={translate('flock.loading')} />;
  return <SignedInFrame horizontal={menuLayout === 'horizontal'}>{children}</SignedInFrame>;
}

/**
 * Whether the frame has been committed once. The page then renders in a transition of its own:
 * committed together, the frame and the page were one task of about 300 ms on a throttled phone
 * (docs/decisions/0253).
 */
function useFrameCommitted() {
  const [committed, setCommitted] = useState(false);
  useEffect(() => startTransition(() => setCommitted(true)), []);
  return committed;
}

function SignedInFrame({ horizontal, children }: { horizontal: boolean; children: ReactNode }) {
  const framed = useFrameCommitted();
  return (
    <FrameLayout appBar={AppBar} menu={Menu} sidebar={horizontal ? NoSidebar : Sidebar} sx={CONTENT_FITS}>
      {horizontal && (
        <MenuTheme>
          <HorizontalMenu />
        </MenuTheme>
      )}
      {framed && children}
    </FrameLayout>
  );
}
