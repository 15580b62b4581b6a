// The router: public routes straight from the table; auth and staff routes behind one lazily
// loaded guard (AuthLayout, which applies each route's rule), so the login route ships none of
// the shell. Paths of two or more unknown segments fall through to Not found. A screen that fails
// (its code could not load) shows RouteError's words, not a stack.
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Root, RootFallback } from './Root.tsx';
import { RouteError } from './RouteError.tsx';
import { ROUTES, type RouteDef, type RouteHandle } from './routes.ts';
import { SCREENS } from './route-screens.ts';

const toRoute = (r: RouteDef): RouteObject => ({
  path: r.path,
  handle: {
    title: r.title,
    description: r.description,
    access: r.access,
    rule: r.rule,
    params: r.params,
    exists: r.exists,
  } satisfies RouteHandle,
  lazy: async () => ({ Component: (await SCREENS[r.path]!()).default }),
  // Inside the shell when the screen behind the guard fails (its code could not load offline).
  errorElement: <RouteError />,
});

export function createRouter() {
  return createBrowserRouter([
    {
      Component: Root,
      HydrateFallback: RootFallback,
      errorElement: <RouteError />,
      children: [
        ...ROUTES.filter((r) => r.access === 'public').map(toRoute),
        {
          id: 'auth',
          lazy: () => import('./AuthLayout.tsx'),
          children: ROUTES.filter((r) => r.access !== 'public').map(toRoute),
        },
        { path: '*', lazy: () => import('./NotFound.tsx') },
      ],
    },
  ]);
}
