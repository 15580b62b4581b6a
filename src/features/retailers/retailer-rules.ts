// Retailer admin (document 1 §2, §4, §5, §8) as pure rules: the filter, one editable row at a time,
// new-row defaults, the form <-> call body, each field's check (the contract's retailer rules, in the
// server's words), file-name tokens at the caret, the live preview, and the popups' words
// (tests/unit/retailer-rules.test.ts).
import type { ApiFailure } from '../../api/client.ts';
import { fileNames } from '../../api/contract/rules/export.ts';
import {
  COLOR_DEPTHS,
  FILE_NAME_TOKENS,
  FILE_TYPES,
  IMAGES_PER_ROW,
  retailerErrors,
  retailerWords,
} from '../../api/contract/rules/retailer.ts';
import type { RetailerData, RetailerDraft } from '../../data/index.ts';

/** §5: the extension dropdown shows the contract's file types with their dot. */
export const EXTENSIONS = FILE_TYPES.map((t) => `.${t}` as const);
export { COLOR_DEPTHS, IMAGES_PER_ROW };
export const TOKENS = FILE_NAME_TOKENS;

/** A row as the table edits it: numbers as typed, the extension with its dot. */
export interface RetailerForm {
  /** The saved id, or a local key for a row not saved yet. */
  key: string;
  id?: number;
  retailer: string;
  ext: (typeof EXTENSIONS)[number];
  height: string;
  width: string;
  dpi: string;
  color_depth: number;
  file_size: string;
  images_per_row: (typeof IMAGES_PER_ROW)[number];
  file_name: string;
  /** Upscaled files fail this retailer's compliance check (issue 27). */
  no_upscale: boolean;
}

let made = 0;
/** §4, §5: a new row opens in edit mode with .png and 48 per row (and common values for the rest). */
export const newRow = (): RetailerForm => ({
  // Unique across reloads too: rows restored from a draft keep their keys (issue 43).
  key: `new-${Date.now().toString(36)}-${++made}`,
  retailer: '',
  ext: '.png',
  height: '2000',
  width: '2000',
  dpi: '72',
  color_depth: 24,
  file_size: '5',
  images_per_row: 48,
  file_name: '<note>_<frame_num2>.<ext>',
  no_upscale: false,
});

export const isUnsaved = (r: Pick<RetailerForm, 'id'>) => r.id === undefined;

export const toForm = (r: RetailerData): RetailerForm => ({
  key: String(r.id),
  id: r.id,
  retailer: r.retailer,
  ext: r.file_type === 'jpg' ? '.jpg' : '.png',
  height: String(r.height),
  width: String(r.width),
  dpi: String(r.dpi),
  color_depth: r.color_depth,
  file_size: String(r.file_size),
  images_per_row: r.images_per_row,
  file_name: r.file_name,
  // A row mirrored before the field existed has none: allowed, as the server's default.
  no_upscale: r.no_upscale ?? false,
});

/** §3: the extension is sent without its dot. */
const fileTypeOf = (ext: RetailerForm['ext']) => ext.slice(1) as RetailerDraft['file_type'];

/** The call body: the extension without its dot, numbers as numbers (the server checks them). */
export const toBody = (f: RetailerForm): RetailerDraft => ({
  retailer: f.retailer,
  file_type: fileTypeOf(f.ext),
  height: Number(f.height),
  width: Number(f.width),
  dpi: Number(f.dpi),
  color_depth: f.color_depth as RetailerDraft['color_depth'],
  file_size: Number(f.file_size),
  images_per_row: f.images_per_row,
  file_name: f.file_name,
  no_upscale: f.no_upscale,
});

/**
 * Each field's first broken rule, in the server's words, for the body Save would send: as typed, and
 * for a field left blank only once Save was pressed (`presence`).
 */
export function rowErrors(f: RetailerForm, presence: boolean): Partial<Record<keyof RetailerDraft, string>> {
  const blank = (k: string) => String(f[k as keyof RetailerForm] ?? '').trim() === '';
  return Object.fromEntries(
    Object.entries(retailerErrors(toBody(f)))
      .filter(([k]) => presence || !blank(k))
      .map(([k, m]) => [k, m[0]]),
  );
}

/** §2: a case-insensitive substring of the name; rows not saved yet always stay shown. */
export function filterRows<T extends Pick<RetailerForm, 'id' | 'retailer'>>(rows: readonly T[], text: string): T[] {
  const q = text.trim().toLowerCase();
  return q ? rows.filter((r) => isUnsaved(r) || r.retailer.toLowerCase().includes(q)) : [...rows];
}

/** §2: Edit toggles a row; opening one closes any other (only one is editable at a time). */
export const toggleEditing = (editing: string | null, key: string): string | null => (editing === key ? null : key);

/** Inserts a token at the caret (replacing a selection); returns the new value and caret. */
export function insertToken(value: string, token: string, start = value.length, end = start): { value: string; caret: number } {
  const a = Math.max(0, Math.min(start, value.length));
  const b = Math.max(a, Math.min(end, value.length));
  return { value: value.slice(0, a) + token + value.slice(b), caret: a + token.length };
}

export const SAMPLE_NOTE = 'front';
/**
 * The name the export gives a 360 turn's first frame (beyond the specs): the contract's builder, which
 * the export job calls, with a sample note.
 */
export const previewName = (
  f: Pick<RetailerForm, 'file_name' | 'ext'> & { images_per_row: number },
  note = SAMPLE_NOTE,
): string => fileNames({ file_name: f.file_name, frames: f.images_per_row, file_type: fileTypeOf(f.ext) }, note)[0]!;

/** §8 popup words. */
export const POPUP = {
  edit: 'Edit Retailer',
  add: 'Add Retailer',
  delete: 'Delete Retailer',
  saving: 'Saving...',
  saved: 'Saved!',
  deleting: 'Deleting Retailer...',
  deleted: retailerWords.deleted,
  confirmDelete: 'Are you sure you want to delete this retailer?',
} as const;

/** 'Error: ' and the server's message; a failed create adds each field's errors on new lines (§8). */
export function errorText(f: Pick<ApiFailure, 'message' | 'errors'>, create: boolean): string {
  const lines = [`Error: ${f.message}`];
  if (create) for (const messages of Object.values(f.errors ?? {})) lines.push(...messages);
  return lines.join('\n');
}
