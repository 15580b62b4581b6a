// A retailer export's note and file names (document 1 §7's file-name tokens, document 3 §5's Download
// Options; issue 14), as data and one builder: the export job names its files with fileNames, the
// retailer admin's preview shows the first of them, and Download Options and the server ask for a note
// with needsNote, in the same words.
import { text } from './check.ts';
import type { FILE_TYPES } from './retailer.ts';

/** The fixed '4K Images' option of Download Options (id 0, no note): the server's spec and the screen's row. */
export const FOUR_K = {
  id: 0,
  retailer: '4K Images',
  file_type: 'jpg',
  width: 3840,
  height: 3840,
  dpi: 300,
  color_depth: 24,
  file_size: 20,
  /** A 360 turn's frames. */
  images_per_row: 24,
  file_name: '4K_<frame_num2>.<ext>',
  no_upscale: false,
} as const;

/** The note typed for a retailer whose file name holds <note>. */
export const exportRules = { note: text(100) } as const;
export const exportWords = {
  noteMissing: (retailer: string) => `Please fill input for ${retailer}`,
  /** The compliance check's refusal of a 360 set with fewer views than frames (issue 43). */
  tooFewViews: (views: number, frames: number) =>
    `The studio delivered ${views} views of this product and the set asks for ${frames} frames: ${frames - views} would repeat a picture.`,
};

/**
 * A 360 set fails when the studio delivered fewer views than its frames (a frame would repeat another's
 * picture). Counted, never compared by pixels: a symmetric product's views may look alike and are fine.
 */
export const tooFewViews = (views: number, frames: number): boolean => views > 0 && views < frames;

/** Whether a file-name pattern asks for a note. Tokens are exact, as the retailer's file_name rule takes them. */
export const needsNote = (pattern: string): boolean => pattern.includes('<note>');

type Ext = (typeof FILE_TYPES)[number];

// Not allowed in file names on the systems retailers use, and no path separators.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;
const clean = (s: string) => s.replace(UNSAFE, '-').trim();
/**
 * A retailer note as it goes into a file name (issue 43: "blue chair!/.." gave "blue-chair!-.."): accents
 * dropped, then ASCII letters, digits, "_" and "-" only, every other run one "-", none at either end.
 */
export const noteSlug = (note: string): string =>
  note
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');

/**
 * One file's name: the tokens replaced, frames numbered from 1 (<frame_num2> → 01). A pattern without a
 * frame token still gets distinct names (_<nn> before the extension), one without <ext> gets `.<ext>`.
 */
export function fileNameFor(pattern: string, o: { note?: string | null; frame: number; frames: number; ext: Ext }): string {
  const pad = (n: number) => String(o.frame).padStart(n, '0');
  const hasFrame = /<frame_num[234]>/.test(pattern);
  const note = noteSlug(o.note ?? '');
  let name = pattern
    .replace(/<frame_num([234])>/g, (_m, n: string) => pad(Number(n)))
    .replace(/<note>/g, () => note)
    .replace(/<ext>/g, o.ext);
  name = clean(name);
  if (!pattern.includes('<ext>')) name = `${name}.${o.ext}`;
  if (!hasFrame && o.frames > 1)
    name = name.replace(new RegExp(`\\.${o.ext}$`), `_${pad(Math.max(2, String(o.frames).length))}.${o.ext}`);
  return name.replace(/^\.+/, '') || `frame_${pad(2)}.${o.ext}`;
}

/** Every file's name, in frame order; should a pattern still repeat a name, the frame number is added. */
export function fileNames(spec: { file_name: string; frames: number; file_type: Ext }, note?: string | null): string[] {
  const ext = spec.file_type;
  const names = Array.from({ length: spec.frames }, (_, i) =>
    fileNameFor(spec.file_name, { note, frame: i + 1, frames: spec.frames, ext }),
  );
  if (new Set(names).size === names.length) return names;
  const width = Math.max(2, String(spec.frames).length);
  return names.map((n, i) => `${n.replace(/\.[^.]*$/, '')}_${String(i + 1).padStart(width, '0')}.${ext}`);
}
