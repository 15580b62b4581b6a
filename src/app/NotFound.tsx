// Not found: any path that names nothing (two or more unknown segments, or a one-segment path
// that is not a profile the user may see), with a way home.
import { Link } from 'react-router-dom';
import { MapPinOff } from 'lucide-react';
import { buttonClass } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { usePageTitle } from './title.ts';
import styles from './NotFound.module.css';

/** The page's content, also shown inside the shell for an auth route that names nothing. */
export function NotFoundContent() {
  usePageTitle('Page not found');
  return (
    <section className={styles.box} data-testid="not-found">
      <EmptyState
        icon={<MapPinOff />}
        title="Page not found"
        titleAs="h1"
        description="There is nothing at this address."
        action={
          <Link to="/dashboard" className={buttonClass({ variant: 'primary' })}>
            Go to the Dashboard
          </Link>
        }
      />
    </section>
  );
}

export function Component() {
  return (
    <main className={styles.page}>
      <NotFoundContent />
    </main>
  );
}
