// The data layer's public face: everything the UI reads from the local mirror, and every write that
// is queued in the outbox (works offline), goes through here. db.ts (Dexie) is imported only by
// src/data. Screens still call src/api directly for what is online-only by nature: sign-in and
// registration (auth.ts), user management's writes (users.ts, which say "needs a connection"
// first), exports and embeds, and the helpers that are not calls (client.ts's ApiFailure, stored
// file URLs, the token cookie, the permission slugs).
export type {
  PendingAction, PendingEntry, PendingState, CatalogFilters, CatalogSort, ProductRow, TemplateRow, IdNameRow, CustomerRow, ProductCategoryRow,
  TemplateCategoryRow, DescriptionRow, ProductFileRow, PersonRow, CompanyRoleRow,
} from './types.ts';
export {
  usePendingChanges, useSyncStatus, isOnline, useConflict, useCatalog, useProduct, useTemplate, useProductCategories,
  useTemplateCategories, usePendingProducts, useTags, useAmbients, useTemplateTags, useCustomers, useQueuedBlob,
} from './hooks.ts';
export { retryAction, discardEntry, discardAction, resolveConflict, drainOutbox } from './outbox.ts';
export { stopAction } from './action-stop.ts';
export { useListComplete } from './mirror.ts';
export { useOfflineImages } from './offline-images.ts';
export { startSync, wipeLocalData, requestPersistence } from './sync.ts';
export { openAtStart } from './db.ts';
export type { ProductDraft } from './products.ts';
export { saveProductInfo, deleteProduct, type InfoChange } from './product-info.ts';
export { undoDelete } from './product-undo.ts';
export { applyBulk, type BulkKind, type BulkRequest } from './bulk.ts';
export { undoBulk } from './bulk-undo.ts';
export { fileNameOf } from './product-files.ts';
export { editTemplate, deleteTemplate, type TemplateDraft, type TemplateChange } from './templates.ts';
export { queueViewerImage, usePendingViewerImage } from './viewer-image.ts';
export { useDashboard, refreshDashboard, filterLastRegistered, filterLocally, type Round, type TaskItem, type ServiceItem, type LastProduct } from './dashboard.ts';
export { useProfile, refreshProfile, type ProfileData } from './profile.ts';
export { useRetailers, refreshRetailers, saveRetailer, removeRetailer, type RetailerData, type RetailerDraft } from './retailers.ts';
export {
  pullPeople, pullAccount, useCompanyUsers, useCompanyRoles, rememberAccount, useAccount, saveAccount, setAccountPhoto, useAccountQueued,
} from './people.ts';


// Document 3's imagery (presets, layers, uploads, videos, 3D files, backgrounds).
export type { PresetRow, PresetValues, PresetSection, LayerRow, SectionFileRow, BackgroundRow } from './imagery-types.ts';
export {
  usePresets, useLayers, useSectionFiles, useBackgrounds, useImageryOutbox, useActionEntries, useImageryLoad, useRealId, pullSections, sectionRows,
  type ImageryLoad, } from './imagery-hooks.ts';
export { savePreset, deletePreset, queueUploads, presetFields, presetKeys, type Who, type UploadList } from './imagery.ts';
export { type ImagerySection } from './imagery-sync.ts';
export { StorageFullError } from './quota.ts';
export { highlight, queryWords, type Word } from './catalog-search.ts';
export { firstBlocks } from './product-blocks.ts';
export { useSavedViews, saveView, renameView, deleteView, type SavedViewItem } from './saved-views.ts';
