// Local rows of document 3's imagery lists: presets, the studio's layers, uploaded images and groups,
// videos and 3D files, and the vignette backgrounds. Each row carries the product it belongs to.
import type { PresetSection, PresetValues } from '../../api/contract/rules/preset.ts';

/** The preset fields of §3: the contract's type (src/api/contract/rules/preset.ts). */
export type { PresetSection, PresetValues };

/** A preset; a temp (negative) id until its create has reached the server. */
export interface PresetRow extends PresetValues {
  id: number;
  productId: number;
  section: PresetSection;
  /** Its number in the section's list, given when it was made and kept (Preset {number}): a new one's is provisional until the server's. */
  number: number;
  version?: number;
  created_at: string;
  /** The server's version the local row is based on; undefined right after our own change. */
  updated_at?: string;
}

/** One view of the studio's layers: angle 0 for silo and vignette, one per angle for 360. */
export interface LayerRow {
  productId: number;
  section: PresetSection;
  angle: number;
  beauty: string;
  shadow: string | null;
  reflection: string | null;
  width: number;
  height: number;
}

/**
 * The file lists of the product screen: uploaded images per section (a 360 row is one upload group),
 * uploaded videos and 3D files, and the studio's ('studio-') videos and 3D files.
 */
export type FileListName = 'silo' | 'vignette' | '360' | 'videos' | '3dfiles' | 'studio-videos' | 'studio-3dfiles';

export interface SectionFileRow {
  productId: number;
  list: FileListName;
  /** The server's id (image, group or file); a temp id while only queued. */
  id: number;
  /** Stored paths: one for an image or a file, a 360 group's photos in upload order. */
  paths: string[];
  name: string;
  extension?: string;
  created_at: string;
  /** Queued upload Blobs (db.blobs ids) not yet on the server, in order. */
  pendingBlobs?: number[];
}

export interface BackgroundRow {
  productId: number;
  position: number;
  path: string;
}

/** Every imagery list a product's mirror is pulled from (pull/imagery-sync.ts). */
export type ImageryListName = `presets-${PresetSection}` | `layers-${PresetSection}` | FileListName | 'backgrounds';
