// Mounts the portal: the router of src/app (routes load lazily; the service worker registers in Root).
// In development (and in the e2e build, VITE_UI_CATALOGUE=true) /dev/ui mounts the design system's
// component catalogue instead; a production build drops that branch and its chunk entirely.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './app/router.tsx';
import { quotaDeps } from './data/local/quota.ts';
import './ui/tokens.css';
import './ui/global.css';

// Storage pressure: a write that hits the quota evicts cached images from the page (data/quota.ts).
quotaDeps.evict = async (keep) => (await import('./data/device/image-evict.ts')).evictImages(keep);

// The local database's upgrade runs while the page loads (data/db.ts openAtStart: WebKit's back/forward
// cache). Not in the public embed (/iframe), which has no use for it, nor on /login, whose JS stays
// light (its 150 kB budget): there the sign-in starts it, before the dashboard shows.
const path = window.location.pathname.replace(/\/+$/, '');
if (!path.startsWith('/iframe/') && path !== '/login') void import('./data/local/db.ts').then((m) => m.openAtStart());

const root = createRoot(document.getElementById('root')!);
const catalogue = (import.meta.env.DEV || import.meta.env.VITE_UI_CATALOGUE === 'true') && path === '/dev/ui';

if (catalogue) {
  void import('./ui/catalogue/DevCatalogue.tsx').then(({ default: DevCatalogue }) =>
    root.render(
      <StrictMode>
        <DevCatalogue />
      </StrictMode>,
    ),
  );
} else {
  root.render(
    <StrictMode>
      <RouterProvider router={createRouter()} />
    </StrictMode>,
  );
}
