// What the spin player shows: one picture per frame, in a few widths (srcset) or a single file
// (the uploaded photos). Builds them from the public 360 call's answer or from plain URLs.

/** A frame as GET /backend/public/360 answers it: width (as a string key) to URL, per format. */
export interface ApiFrame {
  index: number;
  webp?: Record<string, string>;
  jpeg?: Record<string, string>;
}

export interface PlayerFrame {
  /** The fallback URL (the smallest width, or the only file). */
  src: string;
  /** `url 640w, url 1280w…`; absent for a single file. */
  srcset?: string;
  /** The largest width's URL (what full screen asks for). */
  largest: string;
  /** The largest width in px, when known. */
  maxWidth?: number;
}

const byWidth = (urls: Record<string, string>) =>
  Object.entries(urls)
    .map(([w, url]) => [Number(w), url] as const)
    .filter(([w, url]) => Number.isFinite(w) && w > 0 && !!url)
    .sort((a, b) => a[0] - b[0]);

/** One frame from its widths; undefined when it has none. */
export function frameOfWidths(urls: Record<string, string> | undefined): PlayerFrame | undefined {
  const list = urls ? byWidth(urls) : [];
  if (!list.length) return undefined;
  const [maxW, max] = list[list.length - 1]!;
  return { src: list[0]![1], srcset: list.map(([w, url]) => `${url} ${w}w`).join(', '), largest: max, maxWidth: maxW };
}

const some = (urls?: Record<string, string>) => (urls && Object.keys(urls).length ? urls : undefined);

/** The API's frames in index order, in WebP where the browser takes it, else JPEG (a format with no widths counts as absent). */
export function framesOf(frames: readonly ApiFrame[], webp: boolean): PlayerFrame[] {
  return [...frames]
    .sort((a, b) => a.index - b.index)
    .map((f) => frameOfWidths(webp ? (some(f.webp) ?? f.jpeg) : (some(f.jpeg) ?? f.webp)))
    .filter((f): f is PlayerFrame => !!f);
}

/** Plain pictures (uploaded photos): one file each. */
export const framesOfUrls = (urls: readonly string[]): PlayerFrame[] => urls.map((src) => ({ src, largest: src }));

/** A 1×1 lossless WebP: whether the browser decodes WebP (every current one does; JPEG is the fallback). */
const WEBP_PROBE = 'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';
export function supportsWebp(): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.width === 1);
    img.onerror = () => resolve(false);
    img.src = WEBP_PROBE;
  });
}
