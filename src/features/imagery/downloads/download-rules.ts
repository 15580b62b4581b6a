// Download Options' rules (document 3 §2, §5, §8; issues 14 and 27): one toggle per retailer plus the
// fixed '4K Images' (id 0, no note); a note for retailers whose file_name holds `<note>` (the contract's
// export rules, rules/export.ts); checked in the specs' order before anything is sent; and which chosen
// sizes would upscale the product's layers. Pure, so unit-tested.
import { exportWords, FOUR_K, needsNote, tooFewViews } from '../../../api/contract/rules/export.ts';
import { isUpscaled, upscaleText } from '../../../api/contract/rules/retailer.ts';
import { productScale, type RenderPreset, type Size } from '../../../render/layout.ts';

export const NEED_PRESET = 'Please select or create a preset.';
export const ENQUEUE_FAILED = 'Error requesting download automation.';

export interface DownloadTarget {
  id: number;
  retailer: string;
  file_name: string;
  width: number;
  height: number;
  /** Read from an older mirror it may be missing: then it is allowed. */
  no_upscale?: boolean;
  /** A 360 set's frames. */
  images_per_row?: number;
}

/** '4K Images' first, then the retailers as listed. */
export const targetsOf = (retailers: readonly DownloadTarget[]): DownloadTarget[] => [
  FOUR_K,
  ...retailers.filter((r) => r.id !== FOUR_K.id),
];

export interface DownloadRequest {
  retailer: number;
  note?: string;
}

export type DownloadCheck = { ok: true; requests: DownloadRequest[] } | { ok: false; message: string; field?: number };

/**
 * The requests to queue (one per chosen option), or the first message of §5: a saved preset first,
 * then a note for every chosen retailer that needs one ('Please fill input for' + its name).
 */
export function checkDownload(
  presetId: number | undefined,
  targets: readonly DownloadTarget[],
  chosen: ReadonlySet<number>,
  notes: Readonly<Record<number, string>>,
): DownloadCheck {
  if (presetId === undefined) return { ok: false, message: NEED_PRESET };
  const picked = targets.filter((t) => chosen.has(t.id));
  if (!picked.length) return { ok: false, message: 'Choose at least one download option.' };
  for (const t of picked)
    if (needsNote(t.file_name) && !notes[t.id]?.trim())
      return { ok: false, message: exportWords.noteMissing(t.retailer), field: t.id };
  return {
    ok: true,
    requests: picked.map((t) => (needsNote(t.file_name) ? { retailer: t.id, note: notes[t.id]!.trim() } : { retailer: t.id })),
  };
}

export interface Upscale {
  retailer: string;
  /** The largest factor over the product's views, as the server's compliance check will find it. */
  factor: number;
  /** The retailer forbids it: the export will fail. */
  forbidden: boolean;
}

/** A layer's size as the imagery lists carry it (unknown: missing or null). */
export interface LayerSize {
  width?: number | null;
  height?: number | null;
}

/**
 * The chosen options whose size draws the product larger than its layers (layout's productScale with
 * the saved preset, the largest over the views), in the list's order; none without a preset or layers.
 */
export function upscalesOf(
  targets: readonly DownloadTarget[],
  chosen: ReadonlySet<number>,
  preset: Pick<RenderPreset, 'section' | 'image_scale'> | undefined,
  layers: readonly LayerSize[],
): Upscale[] {
  const sized = layers.filter((l): l is Size => !!l.width && !!l.height);
  if (!preset || !sized.length) return [];
  return targets.flatMap((t) => {
    if (!chosen.has(t.id)) return [];
    const factor = Math.max(...sized.map((l) => productScale(preset, l, t)));
    return isUpscaled(factor) ? [{ retailer: t.retailer, factor, forbidden: !!t.no_upscale }] : [];
  });
}

/** The warning Download Options shows before ordering, or undefined when nothing would upscale. */
export function upscaleWarning(
  ups: readonly Upscale[],
  layer: LayerSize | undefined,
): { title: string; lines: string[] } | undefined {
  if (!ups.length) return undefined;
  const size = layer?.width && layer.height ? ` (${layer.width} × ${layer.height} px)` : '';
  const allowed = ups.filter((u) => !u.forbidden);
  const forbidden = ups.filter((u) => u.forbidden);
  const list = (us: readonly Upscale[]) => us.map((u) => `${u.retailer} ${upscaleText(u.factor)}`).join(', ');
  const lines: string[] = [];
  if (allowed.length)
    lines.push(`These sizes draw the product larger than its layers${size}, so the files may look soft: ${list(allowed)}.`);
  if (forbidden.length)
    lines.push(
      `${forbidden.length === 1 ? 'This retailer forbids' : 'These retailers forbid'} upscaling, so ${forbidden.length === 1 ? 'its export' : 'their exports'} will fail the compliance check: ${list(forbidden)}.`,
    );
  return { title: 'Upscaled files', lines };
}

/**
 * Download Options' warning for a 360 set whose chosen options ask for more frames than the studio's
 * views (the server's compliance check fails those sets: issue 43), or undefined.
 */
export function viewsWarning(
  targets: readonly DownloadTarget[],
  chosen: ReadonlySet<number>,
  section: string,
  views: number,
): { title: string; lines: string[] } | undefined {
  if (section !== '360') return undefined;
  const short = targets.filter((t) => chosen.has(t.id) && tooFewViews(views, t.images_per_row ?? 0));
  if (!short.length) return undefined;
  return {
    title: 'Too few views',
    lines: short.map(
      (t) => `${t.retailer}: ${exportWords.tooFewViews(views, t.images_per_row!)} Its export will fail the compliance check.`,
    ),
  };
}
