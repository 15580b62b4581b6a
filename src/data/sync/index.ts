// The sync room's face: what the rest of the portal uses of it (made by tools, kept by hand).
export { LIST_SLUGS, requestPersistence, startSync, syncLists, syncNow, wipeLocalData } from './sync.ts';
