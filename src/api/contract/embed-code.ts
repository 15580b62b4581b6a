// The iframe embed code of a public page (document 3 §2, issue 14), written once for the portal's
// embed boxes and the server's oEmbed answer: a title, loading="lazy", the features the page may use
// (`allow`), 100 % wide with a CSS aspect-ratio, pointing at the page with the product's share key.

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What each page may use inside a shop's frame: the 3D viewer also WebXR AR (xr-spatial-tracking). */
export const EMBED_ALLOW = { spin: 'fullscreen', viewer: 'fullscreen; xr-spatial-tracking' } as const;

/** A positive ratio reduced to small integers ("5 / 6"); 1 / 1 when unknown. */
export function aspectRatio(width?: number | null, height?: number | null): string {
  if (!width || !height || width <= 0 || height <= 0 || !Number.isFinite(width) || !Number.isFinite(height)) return '1 / 1';
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  const w = Math.round(width);
  const h = Math.round(height);
  const g = gcd(w, h) || 1;
  return `${w / g} / ${h / g}`;
}

export function iframeCode(src: string, title: string, ratio: string, allow: string): string {
  return `<iframe src="${attr(src)}" title="${attr(title)}" loading="lazy" allow="${allow}" allowfullscreen style="width:100%;aspect-ratio:${ratio};border:0"></iframe>`;
}
