// Not found: an address that names nothing, with a way home.
import { Link } from 'react-router-dom';
import { MapPinOff } from 'lucide-react';
import { buttonClass } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import styles from './NotFound.module.css';

export function NotFoundContent() {
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
