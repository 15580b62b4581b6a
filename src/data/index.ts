// The data layer's public face: everything the UI reads from the local mirror, and every write that
// is queued in the outbox (works offline), goes through here. db.ts (Dexie) is imported only by
// src/data. Screens still call src/api directly for what is online-only by nature: sign-in and
// registration (auth.ts), user management's writes (users.ts, which say "needs a connection"
// first), exports and embeds, and the helpers that are not calls (client.ts's ApiFailure, stored
// file URLs, the token cookie, the permission slugs).
export type {
  PendingAction, PendingEntry, PendingState, SyncStatus, CatalogFilters, ProductFilters, TemplateFilters, CatalogResult, CatalogItem,
  ProductRow, TemplateRow, TagRow, IdNameRow, CustomerRow, ProductCategoryRow, TemplateCategoryRow, DescriptionRow, ProductFileRow,
  PersonRow, CompanyRoleRow, AccountRow,
} from './types.ts';
export {
  usePendingChanges, useSyncStatus, useConflict, useCatalog, useProduct, useTemplates, useTemplate, useProductCategories,
  useTemplateCategories, useTags, useAmbients, useTemplateTags, useCustomers, useQueuedBlob,
} from './hooks.ts';
export { retryEntry, retryAction, discardEntry, discardAction, resolveConflict, drainOutbox } from './outbox.ts';
export type { PendingChanges } from './hooks.ts';
export { useOfflineImages, type OfflineImages } from './offline-images.ts';
export { PREFETCH_BUDGET } from './image-prefetch.ts';
export { startSync, syncNow, wipeLocalData, requestPersistence } from './sync.ts';
export { registerProducts, saveProductInfo, deleteProduct, DIMENSIONS_MESSAGE, type ProductDraft, type InfoChange } from './products.ts';
export { RuleError } from './product-info.ts';
export { splitTags } from './tags.ts';
export { addTemplates, editTemplate, deleteTemplate, type TemplateDraft, type TemplateChange } from './templates.ts';
export { queueViewerImage, usePendingViewerImage, type PendingViewerImage } from './viewer-image.ts';
export { useDashboard, refreshDashboard, filterLastRegistered, filterLocally, type DashboardData, type Round, type TaskItem, type ServiceItem, type LastProduct } from './dashboard.ts';
export { useProfile, refreshProfile, type ProfileData } from './profile.ts';
export { useRetailers, refreshRetailers, saveRetailer, removeRetailer, OFFLINE_RETAILERS, type RetailerData, type RetailerDraft } from './retailers.ts';
export {
  pullPeople, pullAccount, useCompanyUsers, useCompanyRoles, rememberAccount, useAccount, saveAccount, setAccountPhoto, useAccountQueued,
  type Mirrored,
} from './people.ts';

import { actionOf } from './actions.ts';

/** Pending user actions, outside React (the logout warning). */
export async function pendingCount(): Promise<number> {
  const { db } = await import('./db.ts');
  return new Set((await db().outbox.toArray()).map(actionOf)).size;
}

// Document 3's imagery (presets, layers, uploads, videos, 3D files, backgrounds).
export type { PresetRow, PresetValues, PresetSection, LayerRow, SectionFileRow, BackgroundRow, FileListName } from './imagery-types.ts';
export {
  usePresets, useLayers, useSectionFiles, useBackgrounds, useImageryOutbox, useActionEntries, useImageryLoad, useRealId, pullSections, sectionRows,
  type ImageryLoad, type ImageryPending,
} from './imagery-hooks.ts';
export { savePreset, deletePreset, queueUploads, presetFields, presetKeys, type Who, type Queued, type UploadList } from './imagery.ts';
export { SECTION_LISTS, type ImagerySection } from './imagery-sync.ts';
export { StorageFullError, QUOTA_MESSAGE } from './quota.ts';
