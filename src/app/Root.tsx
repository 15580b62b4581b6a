// The outermost route: document titles from route metadata and the update prompt.
import { lazy, Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import type { RouteHandle } from './router.tsx';
import { pageTitle } from './rules.ts';

// workbox-window is only needed once the page is up; kept out of the first chunk.
const UpdatePrompt = lazy(() => import('./UpdatePrompt.tsx'));

export function Root() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;
  // A layout effect runs before any screen's own effect, so usePageTitle (e.g. a SKU) wins.
  useLayoutEffect(() => {
    document.title = pageTitle(title?.title);
  }, [pathname, title?.title]);
  return (
    <>
      <Outlet />
      {import.meta.env.PROD && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </>
  );
}

export function RootFallback() {
  return (
    <p className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" /> Loading...
    </p>
  );
}
