// What an export renders: the output spec, its frames and their file-name pattern. The names, the note
// and the fixed '4K Images' option are the contract's (src/api/contract/rules/export.ts), which the
// retailer admin's preview and Download Options use too.
import { FOUR_K } from '../../src/api/contract/rules/export.ts';
import type { ColourDepth, OutputSpec } from '../render/encode.ts';

/** What an export writes: the output spec, how many frames, and how they are named. */
export interface ExportSpec extends OutputSpec {
  retailer: string;
  /** A 360 turn's frames (the retailer's images_per_row); silo and vignette have one. */
  frames: number;
  file_name: string;
  /** The retailer forbids upscaling (issue 27); absent on exports asked before it existed. */
  no_upscale?: boolean;
}

/** The '4K Images' option's spec, a 360 turn's frames. */
export const FOUR_K_SPEC: ExportSpec = {
  retailer: FOUR_K.retailer,
  file_type: FOUR_K.file_type,
  width: FOUR_K.width,
  height: FOUR_K.height,
  dpi: FOUR_K.dpi,
  color_depth: FOUR_K.color_depth as ColourDepth,
  file_size: FOUR_K.file_size,
  frames: FOUR_K.images_per_row,
  file_name: FOUR_K.file_name,
};
