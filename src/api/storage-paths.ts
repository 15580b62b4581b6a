// Where stored files are served (the server's /storage), shared by the screens, the data layer
// and the service worker: a thumbnail has `_thumb` before the extension.
export const storageUrl = (path: string) => `/storage/${path.replace(/^\/+/, '')}`;
/** The Download link of a stored file: the server names it as it was uploaded (Content-Disposition). */
export const downloadUrl = (path: string) => `${storageUrl(path)}?download=1`;
export const thumbOf = (path: string) => path.replace(/(\.[A-Za-z0-9]+)$/, '_thumb$1');

/** The catalogue card's picture: the thumbnail of the product's first image. */
export function productThumb(p: { images: readonly string[] }): string | null {
  const first = p.images[0];
  return first ? storageUrl(thumbOf(first)) : null;
}
