import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { AppReady } from './AppReady';
import { Loading } from '../ui/States';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { AdminHeader } from './AdminHeader';

/** The admin's pages (/admin, /admin/dashboard) have their own header and no public footer. */
const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/** A new page starts at its top; back and forward keep the browser's own scroll restoration. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

/** The shared page frame of every route. */
export function Layout() {
  const admin = isAdminPath(useLocation().pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {admin ? <AdminHeader /> : <SiteHeader />}
      <main id="main" tabIndex={-1}>
        {/* Shown while a route module loads (a deep link into a page not loaded yet). */}
        <Suspense fallback={<Loading>Loading...</Loading>}>
          <Outlet />
          <AppReady />
        </Suspense>
      </main>
      {admin ? null : <SiteFooter />}
      <ScrollToTop />
    </>
  );
}
