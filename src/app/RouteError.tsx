// A screen that fails to load or throws shows words, never React Router's stack page (issue 26). The
// usual cause is a screen's code not on this device (offline before the app was installed, or an old
// tab after an update): that needs a connection, and a reload once back.
import { useRouteError } from 'react-router-dom';
import { CloudOff, TriangleAlert } from 'lucide-react';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import styles from './NotFound.module.css';

const CODE_MISSING =
  /dynamically imported module|preload CSS|Importing a module script failed|error loading dynamically imported module|Loading chunk/i;

export function RouteError() {
  const err = useRouteError();
  const missing = err instanceof Error && CODE_MISSING.test(err.message);
  if (!missing) console.error('[facet] a screen failed', err);
  return (
    <section className={styles.box} role="alert">
      <EmptyState
        icon={missing ? <CloudOff /> : <TriangleAlert />}
        titleAs="h1"
        title={missing ? 'This page is not on this device yet' : 'Something went wrong on this page'}
        description={
          missing
            ? 'Opening it needs a connection. Reload it once you are back online.'
            : 'Reload the page to try again. If it keeps happening, report it with Report Bug.'
        }
        action={
          <Button variant="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    </section>
  );
}
