// SEAM for issue 14: the 360 panel's additions that are not built here (document 3 §2 "360 panel
// additions"): the '360 Product View' with the spin player, the embed codes for 24 and 48 frames
// ('Select Preset' without a saved preset; copying shows 'The text has been copied to the clipboard',
// see copyText in clipboard.ts), and Download Options (retailer toggles, notes, '4K Images', 'Send to
// email'). PresetPanel's `extras` prop renders it under the 360 preview (ImagerySection passes it) with the
// context below; replace this body, or pass another component there. Silo and vignette pass their queued
// exports there (downloads/SectionExports.tsx, issue 27) with the same context.
import type { LayerRow, PresetRow, SectionFileRow } from '../../data/index.ts';

export interface Spin360Context {
  productId: number;
  customerId: number;
  sku: string;
  /** The selected preset once saved (undefined: none, or new and unsaved). */
  preset: PresetRow | undefined;
  presets: PresetRow[];
  layers: LayerRow[];
  uploads: SectionFileRow[];
  /** The upload group selected instead of a preset, with its shown name ('Upload 2'). */
  upload?: { file: SectionFileRow; name: string };
  canEdit: boolean;
}
