import { useMemo, type ReactNode } from 'react';
import { Layout as RaLayout, Sidebar as RaSidebar, type SidebarProps } from 'react-admin';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { AppBar } from './AppBar';
import { HorizontalMenu, Menu } from './Menu';
import { usePreferences } from './preferences';
import { buildTheme } from './theme';

/** Semi-dark: the menu takes the dark palette while the page stays light. */
function MenuTheme({ children }: { children: ReactNode }) {
  const [{ theme, semiDark, skin }] = usePreferences();
  const dark = useMemo(() => createTheme(buildTheme({ theme: 'dark', skin })), [skin]);
  return semiDark && theme === 'light' ? <ThemeProvider theme={dark}>{children}</ThemeProvider> : children;
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

/** The signed-in frame: app bar and the menu at the side or across the top. */
export function SignedInLayout({ children }: { children: ReactNode }) {
  const [{ menuLayout }] = usePreferences();
  const horizontal = menuLayout === 'horizontal';
  return (
    <RaLayout appBar={AppBar} menu={Menu} sidebar={horizontal ? NoSidebar : Sidebar} sx={CONTENT_FITS}>
      {horizontal && (
        <MenuTheme>
          <HorizontalMenu />
        </MenuTheme>
      )}
      {children}
    </RaLayout>
  );
}
