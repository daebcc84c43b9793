import { Suspense, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AntdBoundary, lazyInAntd } from '@client/shared/AntdBoundary';
import { trackPage } from '@client/shared/analytics';
import { showChrome } from '@client/shared/chrome';
import { paths } from '@client/shared/paths';
import { Spinner } from '@client/shared/Spinner';
import { useMessages } from '@client/shared/i18n';
import { shellMessages } from '../messages';
import { ChunkBoundary, ChunkFailed } from '../RegistryPage';
import { useWideScreen } from '@client/shared/useWideScreen';
import { fixedRoutes } from '../routes';
import { Footer } from './Footer';
import { Header, MenuButton } from './Header';
import { PromoOverlay } from './promo';
import { QuickPanel } from './QuickPanel';
import { SeniorWarning } from './senior';
import { SideNav } from './SideNav';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import '@client/shared/buttons.css';
import './frame.css';

// The drawer (antd's Drawer) is the phones' and tablets' alone: it loads there after the first paint,
// never with the desktop's first load.
const loadMenuDrawer = () => import(/* webpackChunkName: "menu-drawer" */ './deferred/MenuDrawer');
const MenuDrawer = lazyInAntd(() => loadMenuDrawer().then((m) => m.default));

const isRoot = (pathname: string) => pathname === '/' || pathname === paths.home.path;

/**
 * After each navigation the page scrolls to top; returning to the root path (home) restores the
 * position the user had there (docs/SPEC.md §2).
 */
function useScrollPolicy(pathname: string) {
  const rootPosition = useRef(0);
  const previous = useRef<string | null>(null);
  useEffect(() => {
    // Remember where the user is on the root page; scrolls elsewhere do not count.
    const onScroll = () => {
      if (previous.current !== null && isRoot(previous.current)) rootPosition.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before === null || before === pathname) return;
    if (isRoot(pathname)) window.scrollTo(0, rootPosition.current);
    else window.scrollTo(0, 0);
  }, [pathname]);
}

/**
 * The frame. It follows antd's breakpoints (styles.css): from 992 px (lg) the left menu is a sider;
 * below, it is a drawer behind the menu button, and the quick-service tab and the side navigation
 * become one bar docked at the bottom, with room kept for it under the page.
 */
export function Layout() {
  const location = useLocation();
  const chrome = showChrome();
  const m = useMessages(shellMessages);
  const leftMenu = !fixedRoutes.some((r) => r.path === location.pathname && !r.leftMenu);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from its first opening on, so that it closes with its motion.
  const [drawerUsed, setDrawerUsed] = useState(false);
  // Choosing a page in the drawer closes it.
  const [drawerFor, setDrawerFor] = useState(location.key);
  if (drawerFor !== location.key) {
    setDrawerFor(location.key);
    setDrawerOpen(false);
  }
  useScrollPolicy(location.pathname);
  useEffect(() => {
    trackPage(location.pathname);
  }, [location.pathname]);
  const openMenu = leftMenu
    ? () => {
        setDrawerUsed(true);
        setDrawerOpen(true);
      }
    : undefined;
  // Below lg the menu is a drawer (and antd's controls grow to touch targets: shared/AntdScope.tsx).
  const small = !useWideScreen();
  useEffect(() => {
    if (small && leftMenu) void loadMenuDrawer();
  }, [small, leftMenu]);
  // On the first load the frame shows first and the page follows in a pass of its own (a transition):
  // two shorter tasks for the browser instead of one that holds it through both.
  const pageTurn = useDeferredValue(true, false);
  const pageLoading = (
    <div className="mc-page-loading">
      <Spinner label={m.loading} />
    </div>
  );

  return (
    <div className={chrome ? 'mc-layout mc-layout-chrome' : 'mc-layout'}>
      {chrome && <TopBar />}
      {chrome && <Header onMenu={openMenu} />}
      {!chrome && openMenu && (
        <div className="mc-compact-bar">
          <MenuButton onClick={openMenu} />
        </div>
      )}
      <div className={leftMenu ? 'mc-body mc-body-has-sider' : 'mc-body'}>
        {leftMenu && (
          <aside className="mc-sider" data-testid="left-menu">
            <Sidebar />
          </aside>
        )}
        {leftMenu && drawerUsed && (
          <Suspense fallback={null}>
            <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
          </Suspense>
        )}
        <main className={chrome ? 'mc-content mc-content-beside-panel' : 'mc-content'}>
          {/* The page and antd with it: the scope's chunk is preloaded with the page's (pages.json). */}
          <ChunkBoundary fallback={(retry) => <ChunkFailed retry={retry} />}>
            <AntdBoundary fallback={pageLoading}>{pageTurn ? <Outlet /> : pageLoading}</AntdBoundary>
          </ChunkBoundary>
        </main>
      </div>
      {chrome && <Footer />}
      {chrome && (
        <div className="mc-dock">
          <QuickPanel />
          <SideNav />
        </div>
      )}
      <SeniorWarning />
      <PromoOverlay />
    </div>
  );
}
