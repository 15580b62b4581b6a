// The embed codes of the 360 panel and the 3D viewer section (document 3 §2, issue 14): an iframe
// with a title, loading="lazy", allow="fullscreen" and allowfullscreen, 100 % wide with a CSS
// aspect-ratio, pointing at the public page with the product's share key (without it: 404).

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A positive ratio reduced to small integers ("5 / 6"); 1 / 1 when unknown. */
export function aspectRatio(width?: number | null, height?: number | null): string {
  if (!width || !height || width <= 0 || height <= 0 || !Number.isFinite(width) || !Number.isFinite(height)) return '1 / 1';
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  const w = Math.round(width);
  const h = Math.round(height);
  const g = gcd(w, h) || 1;
  return `${w / g} / ${h / g}`;
}

function iframe(src: string, title: string, ratio: string, allow = 'fullscreen'): string {
  return `<iframe src="${attr(src)}" title="${attr(title)}" loading="lazy" allow="${allow}" allowfullscreen style="width:100%;aspect-ratio:${ratio};border:0"></iframe>`;
}

export interface SpinEmbed {
  origin: string;
  productId: number;
  productName: string;
  shareKey: string;
  /** A saved 360 preset and its frame count, or an upload group's photos (the carousel). */
  source: { presetId: number; frames: 24 | 48 } | { groupId: number };
  width?: number | null;
  height?: number | null;
}

/**
 * {host}/iframe/360?id_product&id_customization&(frames=24|48 | uploadimage=1) plus key (document 3
 * §2): for uploaded photos, id_customization names the upload group.
 */
export function spinEmbedUrl(e: SpinEmbed): string {
  const q = new URLSearchParams({ id_product: String(e.productId) });
  if ('groupId' in e.source) {
    q.set('id_customization', String(e.source.groupId));
    q.set('uploadimage', '1');
  } else {
    q.set('id_customization', String(e.source.presetId));
    q.set('frames', String(e.source.frames));
  }
  q.set('key', e.shareKey);
  return `${e.origin}/iframe/360?${q}`;
}

export const spinEmbedCode = (e: SpinEmbed) =>
  iframe(spinEmbedUrl(e), 'groupId' in e.source ? `Photos of ${e.productName}` : `360 view of ${e.productName}`, aspectRatio(e.width, e.height));

export interface ViewerEmbed {
  origin: string;
  productId: number;
  productName: string;
  shareKey: string;
  /** The lazy-load toggle: the poster and a play button until a click. */
  lazy: boolean;
}

export function viewerEmbedUrl(e: ViewerEmbed): string {
  const q = new URLSearchParams({ id_product: String(e.productId), key: e.shareKey });
  if (e.lazy) q.set('lazy', '1');
  return `${e.origin}/viewer/?${q}`;
}

/** The 3D viewer also asks for xr-spatial-tracking, so WebXR AR can start inside the frame. */
export const viewerEmbedCode = (e: ViewerEmbed) =>
  iframe(viewerEmbedUrl(e), `3D view of ${e.productName}`, '4 / 3', 'fullscreen; xr-spatial-tracking');
