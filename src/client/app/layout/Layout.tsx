import { Layout as AntLayout } from 'antd';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { trackPage } from '../../shared/analytics';
import { showChrome } from '../../shared/chrome';
import { paths } from '../../shared/paths';
import { fixedRoutes } from '../routes';
import { Footer } from './Footer';
import { Header } from './Header';
import { PromoOverlay } from './PromoOverlay';
import { QuickPanel } from './QuickPanel';
import { SeniorWarning } from './senior';
import { SideNav } from './SideNav';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

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

export function Layout() {
  const location = useLocation();
  const chrome = showChrome();
  const leftMenu = !fixedRoutes.some((r) => r.path === location.pathname && !r.leftMenu);
  useScrollPolicy(location.pathname);
  useEffect(() => {
    trackPage(location.pathname);
  }, [location.pathname]);

  return (
    <AntLayout className="mc-layout">
      {chrome && <TopBar />}
      {chrome && <Header />}
      <AntLayout className="mc-body">
        {leftMenu && (
          <AntLayout.Sider width={240} theme="light" className="mc-sider" data-testid="left-menu">
            <Sidebar />
          </AntLayout.Sider>
        )}
        <AntLayout.Content className={chrome ? 'mc-content mc-content-beside-panel' : 'mc-content'}>
          <Outlet />
        </AntLayout.Content>
      </AntLayout>
      {chrome && <Footer />}
      {chrome && <QuickPanel />}
      {chrome && <SideNav />}
      <SeniorWarning />
      <PromoOverlay />
    </AntLayout>
  );
}
