// The guard of every auth route (document 1 §2, §4): cookie -> current user -> customer rules,
// staff-only paths, the dashboard's permission redirect; then the shell around the screen.
import { Navigate, Outlet, redirect, useLoaderData, useLocation, useMatches } from 'react-router-dom';
import { AppShell } from './AppShell.tsx';
import { useAccess } from './permissions.ts';
import type { RouteHandle } from './router.tsx';
import { dashboardRedirect, resolveSession, type SessionUser } from './rules.ts';
import { SessionProvider } from './session.tsx';
import { loadUser, storedCustomer } from './session-store.ts';
import { RootFallback } from './Root.tsx';

export async function loader() {
  const user = await loadUser();
  if (!user) throw redirect('/login'); // the cookie is already removed
  return user;
}

// The user is fetched once per page load; choosing a company reloads the page anyway.
export const shouldRevalidate = () => false;

export function Component() {
  const user = useLoaderData() as SessionUser;
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const session = resolveSession(user, storedCustomer(), pathname, handle?.access === 'staff');
  if (session.redirect && session.redirect !== pathname) return <Navigate to={session.redirect} replace />;
  return (
    <SessionProvider user={user} customerId={session.customerId}>
      <AppShell>{handle?.dashboardGate ? <DashboardGate /> : <Outlet />}</AppShell>
    </SessionProvider>
  );
}

/** §6: no dashboard-access sends readers to the Catalog and others to /config/user. */
function DashboardGate() {
  const { access, ready } = useAccess(['dashboard-access', 'reader-info-access']);
  if (!ready) return <RootFallback />;
  const to = dashboardRedirect(access);
  return to ? <Navigate to={to} replace /> : <Outlet />;
}

export { RootFallback as HydrateFallback };
