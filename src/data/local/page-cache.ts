// The back/forward cache (issue 29): WebKit keeps a page it leaves in that cache with its IndexedDB
// connection open, and with it whatever runs on it (the first open's upgrade, the first sync's page
// writes, a product's pull being written). The page opened next (a bookmark, a link from mail, an
// address typed during the first sync, the catalogue opened offline) then waits on that frozen
// transaction for ever: "Syncing", an empty catalogue, "Loading…", "Saving…". Closing the connection
// is not enough: IndexedDB closes it only once its transactions finish, and a frozen page's never do.
// So a page going into the cache aborts its unfinished transactions and closes its connection at
// once (a pull's write is redone by the next page; the frozen page would never finish it anyway),
// and a page coming back from it reloads (its in-memory state belongs to the closed connection). A
// page that is simply unloaded loses its connection, and its transactions, with the document. No
// React here: db.ts installs it with the first open.

/** The part of a window used here (the data layer is typed without the DOM: the service worker shares it). */
export interface PageEvents {
  addEventListener(type: 'pagehide' | 'pageshow', l: (e: { persisted: boolean }) => void): void;
  location: { reload(): void };
}

export function releaseOnPageCache(w: PageEvents, release: () => void) {
  w.addEventListener('pagehide', (e) => {
    if (e.persisted) release();
  });
  w.addEventListener('pageshow', (e) => {
    if (e.persisted) w.location.reload();
  });
}

/** The part of an IDBTransaction used here. */
export interface LiveTransaction {
  abort(): void;
  addEventListener(type: 'complete' | 'abort' | 'error', l: () => void): void;
}

/** A connection's transactions not yet finished, so that a page leaving for the cache can abort them. */
export function liveTransactions() {
  const live = new Set<LiveTransaction>();
  return {
    add<T>(tx: T): T {
      const t = tx as Partial<LiveTransaction>;
      if (typeof t.abort !== 'function' || typeof t.addEventListener !== 'function') return tx;
      const done = () => live.delete(t as LiveTransaction);
      live.add(t as LiveTransaction);
      for (const type of ['complete', 'abort', 'error'] as const) t.addEventListener(type, done);
      return tx;
    },
    abortAll() {
      for (const t of [...live]) {
        live.delete(t);
        try {
          t.abort();
        } catch {
          // Finished meanwhile (InvalidStateError): nothing to release.
        }
      }
    },
    get size() {
      return live.size;
    },
  };
}
