// A picture's natural size (a vignette background: the layout covers the frame with it). Loaded once
// per address through the page (so the service worker caches it for offline use) and remembered.
import { useEffect, useState } from 'react';
import type { Size } from '../../render/layout.ts';

const known = new Map<string, Promise<Size | undefined>>();

export function naturalSize(url: string): Promise<Size | undefined> {
  let p = known.get(url);
  if (!p) {
    const img = new Image();
    img.src = url;
    p = img.decode().then(
      () => ({ width: img.naturalWidth, height: img.naturalHeight }),
      () => {
        known.delete(url); // try again later (offline, then back)
        return undefined;
      },
    );
    known.set(url, p);
  }
  return p;
}

export function useNaturalSize(url: string | undefined): Size | undefined {
  const [size, setSize] = useState<{ url: string; size: Size | undefined }>();
  useEffect(() => {
    if (!url) return;
    let live = true;
    void naturalSize(url).then((s) => live && setSize({ url, size: s }));
    return () => {
      live = false;
    };
  }, [url]);
  return url && size?.url === url ? size.size : undefined;
}
