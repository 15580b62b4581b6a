// File names of a retailer export, from the retailer's file_name pattern (document 1 §7 tokens:
// <note>, <frame_num2>, <frame_num3>, <frame_num4>, <ext>), and the fixed '4K Images' option.
import { FOUR_K_SIZE } from '../../src/api/contract/rules/retailer.ts';
import type { ColourDepth, FileType, OutputSpec } from '../render/encode.ts';

/** What an export writes: the output spec, how many frames, and how they are named. */
export interface ExportSpec extends OutputSpec {
  retailer: string;
  /** A 360 turn's frames (the retailer's images_per_row); silo and vignette have one. */
  frames: number;
  file_name: string;
  /** The retailer forbids upscaling (issue 27); absent on exports asked before it existed. */
  no_upscale?: boolean;
}

/** The fixed '4K Images' option of the 360 panel (id 0, no note). */
export const FOUR_K: ExportSpec = {
  retailer: '4K Images',
  file_type: 'jpg',
  ...FOUR_K_SIZE,
  dpi: 300,
  color_depth: 24 as ColourDepth,
  file_size: 20,
  frames: 24,
  file_name: '4K_<frame_num2>.<ext>',
};

export const needsNote = (pattern: string): boolean => pattern.includes('<note>');

// Not allowed in file names on the systems retailers use, and no path separators.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;
const clean = (s: string) => s.replace(UNSAFE, '-').trim();

/**
 * One file's name: the tokens replaced, frames numbered from 1 (<frame_num2> → 01). A pattern without a
 * frame token still gets distinct names (_<nn> before the extension), one without <ext> gets `.<ext>`.
 */
export function fileNameFor(pattern: string, o: { note?: string | null; frame: number; frames: number; ext: FileType }): string {
  const pad = (n: number) => String(o.frame).padStart(n, '0');
  const hasFrame = /<frame_num[234]>/.test(pattern);
  const note = clean(o.note ?? '').replace(/\s+/g, '-');
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
export function fileNames(spec: Pick<ExportSpec, 'file_name' | 'frames' | 'file_type'>, note?: string | null): string[] {
  const ext = spec.file_type;
  const names = Array.from({ length: spec.frames }, (_, i) =>
    fileNameFor(spec.file_name, { note, frame: i + 1, frames: spec.frames, ext }),
  );
  if (new Set(names).size === names.length) return names;
  const width = Math.max(2, String(spec.frames).length);
  return names.map((n, i) => `${n.replace(/\.[^.]*$/, '')}_${String(i + 1).padStart(width, '0')}.${ext}`);
}
