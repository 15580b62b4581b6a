// The device room's face: what the rest of the portal uses of it (made by tools, kept by hand).
export { companyThumbs, countCached, isKeptOffline } from './image-prefetch.ts';
export type { PrefetchCommand, PrefetchProgress } from './image-prefetch.ts';
export { readStorageUsage, removeCachedImages } from './storage-usage.ts';
export type { StorageUsage } from './storage-usage.ts';
