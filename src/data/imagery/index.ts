// The imagery room's face: what the rest of the portal uses of it (made by tools, kept by hand).
export { deletePreset, presetFields, presetKeys, queueUploads, savePreset } from './imagery.ts';
export type { UploadList, Who } from './imagery.ts';
export { pullSections, sectionRows, useActionEntries, useBackgrounds, useImageryLoad, useImageryOutbox, useLayers, usePresets, useRealId, useSectionFiles } from './imagery-hooks.ts';
export type { ImageryLoad } from './imagery-hooks.ts';
export { refreshRetailers, removeRetailer, saveRetailer, useRetailers } from './retailers.ts';
export type { RetailerData, RetailerDraft } from './retailers.ts';
export { queueViewerImage, usePendingViewerImage } from './viewer-image.ts';
export { keepRead, keptReadKey, useKeptRead, type Kept } from './kept-reads.ts';
