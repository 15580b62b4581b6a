// Back online (issue 29): the 'online' event, and also navigator.onLine seen true again while the
// page is offline. Firefox 153 fires no 'online' event in a page that was loaded while its offline
// switch was on, though navigator.onLine turns true: that page kept its edits queued and said
// "Offline" for ever. So while the browser says offline, the page looks again every few seconds (a
// property read, no request) and acts on the change as on the event.

/** How often a page the browser calls offline looks at navigator.onLine again. */
export const ONLINE_RECHECK_MS = 2000;

/** The part of a window used here (the data layer is typed without the DOM: the service worker shares it). */
export interface OnlineEvents {
  addEventListener(type: 'online' | 'offline', l: () => void): void;
  removeEventListener(type: 'online' | 'offline', l: () => void): void;
  navigator: { onLine: boolean };
}

/** Calls onOnline once per return from offline (event or look), onOffline on the way out; gives the stop function. */
export function watchOnline(w: OnlineEvents, onOnline: () => void, onOffline: () => void): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  const online = () => {
    stop();
    onOnline();
  };
  const offline = () => {
    onOffline();
    timer ??= setInterval(() => {
      if (w.navigator.onLine) online();
    }, ONLINE_RECHECK_MS);
  };
  w.addEventListener('online', online);
  w.addEventListener('offline', offline);
  // A page loaded offline has had no 'offline' event.
  if (w.navigator.onLine === false) offline();
  return () => {
    stop();
    w.removeEventListener('online', online);
    w.removeEventListener('offline', offline);
  };
}
