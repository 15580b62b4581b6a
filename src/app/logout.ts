// Logout (DESIGN "Offline model"): wipe the local database and the runtime caches, forget the
// session, then a full page load of /login so no in-memory state survives.
import { wipeLocalData } from '../data/index.ts';
import { stopImageryWarmUp } from '../features/imagery/prefetch.ts';
import { stopImagePrefetch } from './image-prefetch.ts';
import { forgetAccess } from './permissions.ts';
import { forgetSession } from './session-store.ts';

/** Runtime caches (stored images…) go; the precached app shell stays so Login opens offline. */
export async function clearRuntimeCaches() {
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) if (!name.startsWith('workbox-precache')) await caches.delete(name);
}

export async function logout() {
  // The worker's thumbnail prefetch must not write into the caches cleared below.
  await stopImagePrefetch().catch((err) => console.debug('Stopping the image prefetch failed', err));
  await stopImageryWarmUp();
  // Signed out before the caches are cleared: the worker keeps no image that arrives later.
  forgetAccess();
  forgetSession();
  try {
    await wipeLocalData();
  } catch (err) {
    console.error('Wiping local data failed', err);
  }
  await clearRuntimeCaches().catch((err) => console.error('Clearing caches failed', err));
  window.location.assign('/login');
}
