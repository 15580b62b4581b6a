// The server ended this session: a call that carried our token was answered 401 (the user was disabled
// or removed, or the token expired). The tab forgets the token, the cached user and the access
// answers, and goes to Login at once. The local database stays, as after an expired cookie, so queued
// changes wait for the next sign-in (the outbox holds 401s); Logout is what wipes it.
import { onSessionEnded } from '../api/client.ts';
import { stopImagePrefetch } from './image-prefetch.ts';
import { forgetAccess } from './permissions.ts';
import { forgetSession } from './session-store.ts';

let watching = false;
let ended = false;

/** Called by the auth guard; the listener lives for the page's life. */
export function watchSessionEnd(): void {
  if (watching) return;
  watching = true;
  onSessionEnded(() => {
    if (ended) return;
    ended = true;
    void stopImagePrefetch(0).catch(() => undefined);
    forgetAccess();
    forgetSession();
    window.location.assign('/login');
  });
}
