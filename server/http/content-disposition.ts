// Content-Disposition for a download under the name it was uploaded with (RFC 6266): `filename` is an
// ASCII fallback (quotes, backslashes, control and non-ASCII characters made '_'), `filename*` the exact
// name in UTF-8, percent-encoded (RFC 5987/8187), which every current browser prefers. Written here
// rather than with the content-disposition package, which is only a transitive dependency.

/** encodeURIComponent leaves ' ( ) * alone, which are not attr-chars. */
const extValue = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function attachment(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${extValue(filename)}`;
}
