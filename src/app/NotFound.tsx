import { Link } from 'react-router-dom';

export function Component() {
  return (
    <main className="legal-page">
      <h1>Page not found</h1>
      <p>
        <Link to="/dashboard">Go to the dashboard</Link>
      </p>
    </main>
  );
}
