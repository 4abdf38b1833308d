import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import type { ScrollToState } from '../hooks/scroll-to-section';
import { PageLoading } from './page-loading';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** A new page starts at the top, unless it was asked to show a section. */
function ScrollToTopOnNavigate() {
  const location = useLocation();
  const latest = useRef(location);
  latest.current = location;
  useEffect(() => {
    const { hash, state } = latest.current;
    if (!hash && !(state as ScrollToState | null)?.scrollTo) window.scrollTo(0, 0);
  }, [location.pathname]);
  return null;
}

export function SiteLayout() {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollToTopOnNavigate />
    </div>
  );
}
