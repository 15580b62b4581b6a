// Width and height from a PNG or JPEG header, so a layer can be laid out before it is decoded
// (the decoder then crops and scales it off the render thread).
import type { Size } from './layout.ts';

/** The size in the header, or undefined for other formats (the caller decodes to find out). */
export function headerSize(b: Uint8Array): Size | undefined {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // PNG: signature, then IHDR with width and height as big-endian 32-bit.
  if (b.length >= 24 && v.getUint32(0) === 0x89504e47 && v.getUint32(12) === 0x49484452) {
    return { width: v.getUint32(16), height: v.getUint32(20) };
  }
  // JPEG: walk the segments to the first start-of-frame (C0..CF except C4 DHT, C8 JPG, CC DAC).
  if (b.length >= 4 && v.getUint16(0) === 0xffd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return undefined;
      const marker = b[i + 1]!;
      if (marker === 0xff) {
        i++;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: v.getUint16(i + 7), height: v.getUint16(i + 5) };
      }
      i += 2 + v.getUint16(i + 2);
    }
  }
  return undefined;
}
