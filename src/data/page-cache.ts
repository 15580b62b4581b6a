// The back/forward cache (issue 29): WebKit keeps a page it leaves in that cache with its IndexedDB
// connection open, and with it whatever runs on it (the first open's upgrade, the first sync's page
// writes). The page opened next (a bookmark, a link from mail, an address typed during the first
// sync) then waits on that frozen connection for ever: "Syncing", an empty catalogue, "Loading…".
// So a page going into the cache closes its connection at once, and a page coming back from it
// reloads (its in-memory state belongs to the closed connection). A page that is simply unloaded
// loses its connection with the document. No React here: db.ts installs it with the first open.

/** The part of a window used here (the data layer is typed without the DOM: the service worker shares it). */
export interface PageEvents {
  addEventListener(type: 'pagehide' | 'pageshow', l: (e: { persisted: boolean }) => void): void;
  location: { reload(): void };
}

export function releaseOnPageCache(w: PageEvents, close: () => void) {
  w.addEventListener('pagehide', (e) => {
    if (e.persisted) close();
  });
  w.addEventListener('pageshow', (e) => {
    if (e.persisted) w.location.reload();
  });
}
