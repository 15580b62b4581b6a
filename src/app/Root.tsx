// The outermost route: document titles from route metadata, the update prompt, the old-tab
// prompt (a newer version opened the local database in another tab) and the unsaved-changes blocker.
import { lazy, Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { OldTabPrompt } from './OldTabPrompt.tsx';
import { UnsavedBlocker } from './UnsavedBlocker.tsx';
import type { RouteHandle } from './routes.ts';
import { pageTitle } from './rules.ts';
import { describePage } from './title.ts';
import { Spinner } from '../ui/Spinner.tsx';
import styles from './Root.module.css';

// workbox-window is only needed once the page is up; kept out of the first chunk.
const UpdatePrompt = lazy(() => import('./UpdatePrompt.tsx'));

export function Root() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;
  // A layout effect runs before any screen's own effect, so usePageTitle (e.g. a SKU) wins.
  useLayoutEffect(() => {
    document.title = pageTitle(title?.title);
    describePage(title?.description);
  }, [pathname, title?.title, title?.description]);
  return (
    <>
      <Outlet />
      <OldTabPrompt />
      <UnsavedBlocker />
      {import.meta.env.PROD && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </>
  );
}

/** While a route's code or data loads: a quiet line, centred (part of the first chunk, so kept tiny). */
export function RootFallback() {
  return (
    <p className={styles.loading} role="status">
      <Spinner /> Loading...
    </p>
  );
}
