// A retailer, the output format of image downloads (document 1 §3, §5, §7), as data: the server's
// schemas are built from this table and its handler runs retailerErrors; the retailer admin checks
// each row with the same rules and words before Save.
import { BOOLEAN, choice, labelled as l, notBlank, number, tableErrors, text, type FieldErrors } from './check.ts';

/** Tokens the file-name pattern may hold; anything else in angle brackets is refused. */
export const FILE_NAME_TOKENS = ['<note>', '<frame_num2>', '<frame_num3>', '<frame_num4>', '<ext>'] as const;
/** §5: the choices the dropdowns offer (the extension is sent without its dot). */
export const FILE_TYPES = ['png', 'jpg'] as const;
export const IMAGES_PER_ROW = [12, 24, 48] as const;
export const COLOR_DEPTHS = [8, 16, 24, 32, 48] as const;

/** Known tokens only, and nothing that would make a path or an illegal file name. */
function fileNameFormat(field: string, name: string): string | undefined {
  const rest = FILE_NAME_TOKENS.reduce((s, token) => s.split(token).join(''), name);
  if (/[<>]/.test(rest)) return `The ${field} field may only use the tokens ${FILE_NAME_TOKENS.join(', ')}.`;
  // eslint-disable-next-line no-control-regex
  if (/[/\\:*?"|\x00-\x1f]/.test(rest) || name.includes('..') || !name)
    return `The ${field} field must be a plain file name (no / \\ : * ? " | or "..").`;
  return undefined;
}

const pixels = number(1, 20000, { integer: true, unit: 'px' });
export const retailerRules = {
  retailer: l('Retailer', text(100, 1, notBlank)),
  file_type: l('Extension', choice(FILE_TYPES)),
  height: l('Height', pixels),
  width: l('Width', pixels),
  dpi: l('DPI', number(1, 2400, { integer: true })),
  color_depth: l('Color depth', choice(COLOR_DEPTHS)),
  file_size: l('File size', number(0, 500, { exclusiveMin: true, unit: 'MB' })),
  images_per_row: l('Images per row', choice(IMAGES_PER_ROW)),
  file_name: l('File name', text(255, 1, fileNameFormat)),
  /** Our extension (issue 27): an upscaled file fails this retailer's check instead of being a warning. */
  no_upscale: l('No upscaling', BOOLEAN),
} as const;

/**
 * A file is upscaled when its frame draws the product's layers at this factor or more (layout's
 * productScale); below it is rounding. Said as `UPSCALED ×1.6` in compliance.csv and the screens.
 */
export const UPSCALE_FROM = 1.05;
export const isUpscaled = (factor: number): boolean => factor >= UPSCALE_FROM;
/** The server's answer to a delete, which the admin's popup says too (document 1 §8). */
export const retailerWords = { deleted: 'Retailer Deleted!' } as const;
export const upscaleText = (factor: number): string => `UPSCALED ×${factor.toFixed(1)}`;

/** Every broken rule of a retailer's fields, by field (the server trims the name and the file name). */
export const retailerErrors = (r: Readonly<Record<string, unknown>>): FieldErrors =>
  tableErrors(
    retailerRules,
    r,
    Object.keys(retailerRules).filter((k) => k !== 'no_upscale'),
  ); // optional: false when left out
