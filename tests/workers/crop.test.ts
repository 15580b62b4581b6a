// Layers are measured from their headers and decoded cropped to what shows.
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { visibleCrop } from '../../src/render/crop.ts';
import { headerSize } from '../../src/render/image-size.ts';

describe('headerSize', () => {
  it.each(['png', 'jpeg'] as const)('reads width and height from a %s header', async (format) => {
    const c = createCanvas(123, 45);
    const bytes = new Uint8Array(format === 'png' ? c.toBuffer('image/png') : c.toBuffer('image/jpeg'));
    expect(headerSize(bytes)).toEqual({ width: 123, height: 45 });
  });

  it('gives up on other formats', () => expect(headerSize(new Uint8Array(64))).toBeUndefined());
});

describe('visibleCrop', () => {
  const op = (x: number, y: number, w: number, h: number) =>
    ({ kind: 'image', layer: 'beauty', src: 0, rect: { x, y, w, h }, opacity: 1, filter: 'none' }) as const;

  it('keeps a layer that fits whole, at its scaled size', () => {
    expect(visibleCrop(op(10, 5, 50, 25), { width: 100, height: 50 }, { width: 200, height: 100 })).toEqual({
      crop: { sx: 0, sy: 0, sw: 100, sh: 50, dw: 50, dh: 25, quality: 'high' },
      at: { x: 10, y: 5 },
    });
  });

  it('crops what falls outside the frame', () => {
    // 200 % of a 100x50 picture at (-100, -50): only its bottom-right quarter shows, at 100x50.
    const v = visibleCrop(op(-100, -50, 200, 100), { width: 100, height: 50 }, { width: 100, height: 50 });
    expect(v).toEqual({ crop: { sx: 50, sy: 25, sw: 50, sh: 25, dw: 100, dh: 50, quality: 'medium' }, at: { x: 0, y: 0 } });
  });

  it('drops a layer moved out of the frame', () => {
    expect(visibleCrop(op(300, 0, 50, 25), { width: 100, height: 50 }, { width: 200, height: 100 })).toBeUndefined();
  });
});
