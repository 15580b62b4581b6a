// Not found: any path that names nothing (two or more unknown segments, or a one-segment path
// that is not a profile the user may see), with a way home.
import { Link } from 'react-router-dom';
import { usePageTitle } from './title.ts';

/** The page's content, also shown inside the shell for an auth route that names nothing. */
export function NotFoundContent() {
  usePageTitle('Page not found');
  return (
    <section className="page not-found" data-testid="not-found">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <p>
        <Link to="/dashboard">Go to the Dashboard</Link>
      </p>
    </section>
  );
}

export function Component() {
  return (
    <main className="legal-page">
      <NotFoundContent />
    </main>
  );
}
