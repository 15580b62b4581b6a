// The preview shows 3840 px layers in a stage about a quarter that wide. Chromium then resamples
// every layer from full size on each raster (a drag's first frame, every return to rest): up to half
// a second at the start of a drag (bench:preview max 538 ms before, 49 ms after). Each layer is scaled
// down once, off the main thread (createImageBitmap, convertToBlob), to what the stage can show at
// the largest zoom (200 %).
import { useEffect, useState } from 'react';

/** The largest image_scale the rules allow (imageScalePercent: 200 % for silo and 360). */
const MAX_ZOOM = 2;

async function scaledDown(src: string, width: number): Promise<string | undefined> {
  const img = new Image();
  img.decoding = 'async';
  img.src = src;
  await img.decode();
  if (img.naturalWidth <= width * 1.25) return undefined; // little to gain
  const height = Math.round((width * img.naturalHeight) / img.naturalWidth);
  const bitmap = await createImageBitmap(img, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
  const canvas = new OffscreenCanvas(width, height);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  return URL.createObjectURL(await canvas.convertToBlob({ type: 'image/png' }));
}

/**
 * The layer's picture as the stage needs it: the original first (shown at once), then a copy at
 * stageWidth × devicePixelRatio × MAX_ZOOM once made. Any failure keeps the original.
 */
export function usePreviewSource(src: string | undefined, stageWidth: number | undefined): string | undefined {
  const [scaled, setScaled] = useState<{ from: string; width: number; url: string }>();
  const width = stageWidth ? Math.ceil(stageWidth * (window.devicePixelRatio || 1) * MAX_ZOOM) : 0;
  useEffect(() => {
    if (!src || !width || typeof OffscreenCanvas === 'undefined') return;
    let alive = true;
    let made: string | undefined;
    scaledDown(src, width)
      .then((url) => {
        made = url;
        if (alive && url) setScaled({ from: src, width, url });
        else if (url) URL.revokeObjectURL(url);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [src, width]);
  return scaled && scaled.from === src && scaled.width === width ? scaled.url : src;
}
