// The guard of every auth route (document 1 §2, §4): cookie -> current user -> customer rules,
// staff-only paths, then the shell around the screen and each route's own rule (permissions,
// parameters, a profile that must exist).
import { Navigate, Outlet, redirect, useLoaderData, useLocation, useMatches, useParams } from 'react-router-dom';
import { AppShell } from './AppShell.tsx';
import { useAccess } from './permissions.ts';
import type { RouteHandle } from './routes.ts';
import { NotFoundContent } from './NotFound.tsx';
import { useExistence } from './profile-existence.ts';
import { resolveSession, routeGate, ruleSlugs, type SessionUser } from './rules.ts';
import { SessionProvider, useSession } from './session.tsx';
import { loadUser, storedCustomer } from './session-store.ts';
import { watchSessionEnd } from './session-ended.ts';
import { RootFallback } from './Root.tsx';

export async function loader() {
  const user = await loadUser();
  if (!user) throw redirect('/login'); // the cookie is already removed
  watchSessionEnd(); // from now on, a 401 to any call sends this tab to Login
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
      <AppShell>
        <RouteGate handle={handle ?? { title: '', access: 'auth' }} />
      </AppShell>
    </SessionProvider>
  );
}

/** The route's own rule (routes.ts): its parameters, its permissions, and what it names. */
function RouteGate({ handle }: { handle: RouteHandle }) {
  const params = useParams();
  const { user } = useSession();
  const access = useAccess(ruleSlugs(handle.rule));
  const existence = useExistence(
    handle.exists === 'profile' && handle.params?.id?.(params.id ?? '') ? Number(params.id) : undefined,
    user.id,
  );
  const gate = routeGate(handle, params, access, existence);
  if (gate.kind === 'pending') return <RootFallback />;
  if (gate.kind === 'redirect') return <Navigate to={gate.to} replace />;
  if (gate.kind === 'not-found') return <NotFoundContent />;
  return <Outlet />;
}

export { RootFallback as HydrateFallback };
