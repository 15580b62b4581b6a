// Presence (issue 44): a product or review page says "I have it open" with a plain request outside the
// outbox (a presence is worth nothing later), again every PRESENCE_RENEW_MS while the page is visible,
// and "I left" with fetch keepalive on pagehide or when the page closes, so it is gone from the others'
// avatars at once (or within PRESENCE_TTL_MS when that request is lost).
import { http } from '../../api/client.ts';
import type { LiveActor, PresenceBody } from '../../api/contract/live.ts';
import { notePresence } from './live-state.ts';
import { LIVE_PRESENCE, RENEW_MS } from './wire.ts';
import { readToken } from '../../api/token.ts';

/** Set once the server answered 404: it has no presence, and the pages stop asking. */
let absent = false;

export async function sendPresence(body: PresenceBody, keepalive = false): Promise<void> {
  if (absent) return;
  const token = readToken();
  if (!token) return;
  try {
    const res = await fetch(`${http.defaults.baseURL ?? '/backend'}${LIVE_PRESENCE}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      keepalive,
    });
    if (res.status === 404) absent = true;
    // The answer names who has the page open now: the avatars need not wait for the event.
    const people = res.ok && !body.left ? ((await res.json().catch(() => undefined)) as { people?: LiveActor[] } | undefined)?.people : undefined;
    if (people) notePresence(body.company, body.page, people);
  } catch {
    // Offline: the presence simply expires.
  }
}

/** Holds the page's presence while it is open; gives the function that ends it. */
export function holdPresence(company: number, page: string): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let here = false;
  const visible = () => document.visibilityState === 'visible';
  const arrive = () => {
    here = true;
    void sendPresence({ company, page });
  };
  const leave = () => {
    if (!here) return;
    here = false;
    void sendPresence({ company, page, left: true }, true);
  };
  const renew = () => {
    if (visible()) arrive();
  };
  const onShow = (e: PageTransitionEvent) => {
    if (e.persisted) renew();
  };
  renew();
  timer = setInterval(renew, RENEW_MS);
  document.addEventListener('visibilitychange', renew);
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', onShow);
  return () => {
    clearInterval(timer);
    timer = undefined;
    document.removeEventListener('visibilitychange', renew);
    window.removeEventListener('pagehide', leave);
    window.removeEventListener('pageshow', onShow);
    leave();
  };
}
