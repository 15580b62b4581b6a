// What the screens say where this browser lacks an API they would use (issue 29): WebKitGTK 2.50 has
// no navigator.storage, and neither Firefox nor Safari has Background Sync. The screen then says what
// it cannot know or do, instead of hiding the line.

export const NO_ESTIMATE = 'This browser does not tell how much storage Facet uses on this device.';

export const NO_BACKGROUND_SYNC =
  'This browser sends changes only while Facet is open: keep a Facet tab open until they have been sent.';

/** Whether the browser keeps the data, in words; where it cannot say, that it cannot. */
export const persistenceText = (persisted: boolean | null): string =>
  persisted === null
    ? 'This browser does not say whether it keeps this data when the device runs low on space.'
    : persisted
      ? 'Persistent: the browser keeps this data.'
      : 'Not persistent: the browser may clear this data when the device runs low on space.';

/** True where a service worker can be woken to send queued changes after the tab is closed. */
export const hasBackgroundSync = (w: object | undefined = typeof window === 'undefined' ? undefined : window): boolean =>
  !!w && 'SyncManager' in w;
