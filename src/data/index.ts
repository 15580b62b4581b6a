// The data layer's public face: everything the UI reads from the local mirror, and every write that
// is queued in the outbox (works offline), goes through here. db.ts (Dexie) is imported only by
// src/data. Screens still call src/api directly for what is online-only by nature: sign-in and
// registration (auth.ts), user management's writes (users.ts, which say "needs a connection"
// first), exports and embeds, and the helpers that are not calls (client.ts's ApiFailure, stored
// file URLs, the token cookie, the permission slugs).
export type {
  PendingAction, PendingEntry, PendingState, CatalogFilters, CatalogSort, ProductRow, TemplateRow, IdNameRow, CustomerRow, ProductCategoryRow,
  TemplateCategoryRow, DescriptionRow, ProductFileRow, PersonRow, CompanyRoleRow,
} from './local/index.ts';
export {
  usePendingChanges, useSyncStatus, isOnline, useConflict, useCatalog, useProduct, useTemplate, useProductCategories,
  useTemplateCategories, usePendingProducts, useTags, useAmbients, useTemplateTags, useCustomers, useQueuedBlob,
} from './catalog/index.ts';
export { retryAction, drainOutbox } from './outbox/index.ts';
export { discardEntry, discardAction, keepMine, resolveConflict, takeTheirs } from './outbox/index.ts';
export type { ConflictField, ConflictView, Settled, Side } from './outbox/index.ts';
export { stopAction } from './outbox/index.ts';
export { useListComplete } from './catalog/index.ts';
export { useOfflineImages } from './catalog/index.ts';
export { startSync, wipeLocalData, requestPersistence, LIST_SLUGS } from './sync/index.ts';
export { openAtStart } from './local/index.ts';
export type { ProductDraft } from './catalog/index.ts';
export { saveProductInfo, deleteProduct, type InfoChange } from './catalog/index.ts';
export { undoDelete } from './catalog/index.ts';
export { applyBulk, type BulkKind, type BulkRequest } from './catalog/index.ts';
export { undoBulk } from './catalog/index.ts';
export { fileNameOf } from './local/index.ts';
export { editTemplate, deleteTemplate, type TemplateDraft, type TemplateChange } from './catalog/index.ts';
export { queueViewerImage, usePendingViewerImage } from './imagery/index.ts';
export { keepRead, keptReadKey, useKeptRead, type Kept } from './imagery/index.ts';
export { useDashboard, refreshDashboard, filterLastRegistered, filterLocally, type Round, type TaskItem, type ServiceItem, type LastProduct } from './people/index.ts';
export { useProfile, refreshProfile, type ProfileData } from './people/index.ts';
export { useRetailers, refreshRetailers, saveRetailer, removeRetailer, type RetailerData, type RetailerDraft } from './imagery/index.ts';
export {
  pullPeople, pullAccount, useCompanyUsers, useCompanyRoles, rememberAccount, useAccount, saveAccount, setAccountPhoto, useAccountQueued,
} from './people/index.ts';


// Document 3's imagery (presets, layers, uploads, videos, 3D files, backgrounds).
export type { PresetRow, PresetValues, PresetSection, LayerRow, SectionFileRow, BackgroundRow } from './local/index.ts';
export {
  usePresets, useLayers, useSectionFiles, useBackgrounds, useImageryOutbox, useActionEntries, useImageryLoad, useRealId, pullSections, sectionRows,
  type ImageryLoad, } from './imagery/index.ts';
export { savePreset, deletePreset, queueUploads, presetFields, presetKeys, type Who, type UploadList } from './imagery/index.ts';
export { type ImagerySection } from './pull/index.ts';
export { StorageFullError } from './local/index.ts';
export { highlight, queryWords, type Word } from './catalog/index.ts';
export { firstBlocks } from './catalog/index.ts';
export { useSavedViews, saveView, renameView, deleteView, type SavedViewItem } from './catalog/index.ts';

// Review rounds (issue 42).
export { addPin, arLink, decideVersion, deliver, refreshReviewRound, replyToPin, saveRoundStatus, setPinState, useReviewRound } from './review/index.ts';
export type { Decision, PinPlace, ReviewModelData, ReviewPinData, ReviewReplyData, ReviewRoundData, ReviewVersionData, RoundRef } from './review/index.ts';

// The live channel (issue 44): one connection per browser, pokes that make every tab pull, presence.
export {
  startLive, useChangedBy, useJobProgress, useLiveDashboard, useLivePeople, useLiveProduct, useLiveRound, useLiveTick, usePresence,
} from './live/index.ts';
