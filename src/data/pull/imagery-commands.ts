// Document 3's queued commands by section and list: which contract entry a preset save or an upload
// is, and which local list a queued imagery command changes (the pending rows, a discard's re-pull).
import type { Command, OutboxCall } from '../local/index.ts';
import type { FileListName, ImageryListName, PresetSection } from '../local/index.ts';

/** The preset entries of each section (the contract makes one set per section). */
export const PRESET_COMMANDS = {
  silo: { store: 'silo.store', edit: 'silo.edit', remove: 'silo.remove' },
  vignette: { store: 'vignette.store', edit: 'vignette.edit', remove: 'vignette.remove' },
  '360': { store: 'spin360.store', edit: 'spin360.edit', remove: 'spin360.remove' },
} as const satisfies Record<PresetSection, Record<'store' | 'edit' | 'remove', Command>>;

export type UploadList = 'silo' | 'vignette' | '360' | 'videos' | '3dfiles';

/** Where each list's files are uploaded (one call per file). */
export const UPLOAD_COMMANDS = {
  silo: 'imageryUploads.siloStore',
  vignette: 'imageryUploads.vignetteStore',
  '360': 'imageryUploads.store360',
  videos: 'imageryUploads.storeVideo',
  '3dfiles': 'imageryUploads.store3dFile',
} as const satisfies Record<UploadList, Command>;

const SECTION_OF = new Map<Command, PresetSection>(
  Object.entries(PRESET_COMMANDS).flatMap(([section, verbs]) => Object.values(verbs).map((c) => [c, section as PresetSection])),
);
const LIST_OF = new Map<Command, ImageryListName>([
  ...[...SECTION_OF].map(([c, s]) => [c, `presets-${s}`] as const),
  ...Object.entries(UPLOAD_COMMANDS).map(([list, c]) => [c, list as FileListName] as const),
  ['imageryUploads.newGroup360', '360'],
]);

/** The section of a preset command (undefined: not one). */
export const presetSectionOf = (call: OutboxCall): PresetSection | undefined =>
  call.command === 'legacy' ? undefined : SECTION_OF.get(call.command);

/** Which imagery list a queued call changes (undefined: not an imagery call). */
export const imageryListOf = (call: OutboxCall): ImageryListName | undefined =>
  call.command === 'legacy' ? undefined : LIST_OF.get(call.command);

/** The product an imagery call is about (its id_product, in the body or the query). */
export function imageryProductOf(call: OutboxCall): number | undefined {
  const from = (o: unknown) => (o as { id_product?: number } | undefined)?.id_product;
  const id = Number(from(call.body) ?? from(call.query));
  return Number.isInteger(id) ? id : undefined;
}
