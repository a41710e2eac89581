import { Component, Suspense, useMemo, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { Error as ErrorPage, LayoutClasses, Loading, SkipNavigationButton, type AppBarProps, type SidebarProps } from 'react-admin';

type Caught = { error?: Error; info?: ErrorInfo };

/**
 * A page that throws shows react-admin's error page inside the frame, which puts the page back
 * when the address changes (resetErrorBoundary), as react-admin's Layout does.
 */
class PageErrorBoundary extends Component<{ children: ReactNode }, Caught> {
  state: Caught = {};

  static getDerivedStateFromError(error: Error): Caught {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    this.setState({ error, info });
  }

  reset = () => this.setState({ error: undefined, info: undefined });

  render() {
    const { error, info } = this.state;
    return error ? <ErrorPage error={error} errorInfo={info} resetErrorBoundary={this.reset} /> : this.props.children;
  }
}

const Root = styled('div', { name: 'RaLayout', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: theme.palette.background.default,
  position: 'relative',
  minWidth: 'fit-content',
  width: '100%',
  [`& .${LayoutClasses.appFrame}`]: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
  },
  [`& .${LayoutClasses.contentWithSidebar}`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', {
      easing: theme.transitions.easing.easeOut,
      duration: theme.transitions.duration.enteringScreen,
    }),
  },
  [`& .${LayoutClasses.content}`]: {
    backgroundColor: theme.palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    padding: 0,
    [theme.breakpoints.up('xs')]: { paddingRight: theme.spacing(1), paddingLeft: theme.spacing(1) },
  },
}));

type FrameLayoutProps = {
  appBar: ComponentType<AppBarProps>;
  menu: ComponentType;
  sidebar: ComponentType<SidebarProps>;
  sx?: SxProps<Theme>;
  children: ReactNode;
};

/**
 * react-admin's Layout (same markup, classes and styles) without its preferences Inspector, which
 * Flock does not use: the Inspector read document.body.clientWidth at every render of the frame,
 * a forced layout in the middle of start-up (docs/decisions/0255).
 */
export function FrameLayout({ appBar: AppBar, menu: Menu, sidebar: Sidebar, sx, children }: FrameLayoutProps) {
  // The same elements from render to render: when the page comes in after the frame (SignedInLayout,
  // docs/decisions/0253), React keeps the app bar and the menu as drawn instead of drawing them again.
  const skip = useMemo(() => <SkipNavigationButton />, []);
  const bar = useMemo(() => <AppBar />, [AppBar]);
  const side = useMemo(
    () => (
      <Sidebar>
        <Menu />
      </Sidebar>
    ),
    [Sidebar, Menu],
  );
  return (
    <Root className="layout" sx={sx}>
      {skip}
      <div className={LayoutClasses.appFrame}>
        {bar}
        <main className={LayoutClasses.contentWithSidebar}>
          {side}
          <div id="main-content" className={LayoutClasses.content}>
            <PageErrorBoundary>
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </PageErrorBoundary>
          </div>
        </main>
      </div>
    </Root>
  );
}
