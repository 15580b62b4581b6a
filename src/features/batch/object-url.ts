// Previews of chosen files: one object URL per File, made once and revoked when no longer shown.
import { useEffect, useMemo } from 'react';

const ids = new WeakMap<Blob, number>();
let next = 1;
const idOf = (b: Blob | undefined) => {
  if (!b) return 0;
  if (!ids.has(b)) ids.set(b, next++);
  return ids.get(b)!;
};

export function useObjectUrls(files: readonly (Blob | undefined)[]): (string | undefined)[] {
  const key = files.map(idOf).join(',');
  // The key names the files: a new array of the same files keeps its URLs.
  const urls = useMemo(() => files.map((f) => (f ? URL.createObjectURL(f) : undefined)), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => urls.forEach((u) => u && URL.revokeObjectURL(u)), [urls]);
  return urls;
}

let n = 0;
/** A uid for a batch item (stable across reloads: it is stored with the draft). */
export const newUid = () => `${Date.now().toString(36)}-${(n++).toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
