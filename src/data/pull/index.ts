// The pull room's face: what the rest of the portal uses of it (made by tools, kept by hand).
export { PRESET_COMMANDS, UPLOAD_COMMANDS, imageryListOf, imageryProductOf, presetSectionOf } from './imagery-commands.ts';
export type { UploadList } from './imagery-commands.ts';
export { SECTION_LISTS, hasPulled, presetFromServer, pullImageryList, refetchImagery, siloFresh } from './imagery-sync.ts';
export type { ImagerySection } from './imagery-sync.ts';
export { LISTS, REFERENCE_TTL_MS, pullList, pullProduct } from './sync-lists.ts';
export type { PullStats } from './sync-lists.ts';
export type { ListSpec } from './list-spec.ts';
