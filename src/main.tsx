// Mounts the portal. The shell (routes, menus, session) lives in src/app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Placeholder() {
  return (
    <main style={{ fontFamily: 'system-ui', padding: 32 }}>
      <h1>Facet</h1>
      <p>The portal is being built. The API answers under /backend.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
