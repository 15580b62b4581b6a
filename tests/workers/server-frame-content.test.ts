// Issue 27: the server draws a layer only where its content reaches (server/render/content-box.ts). The
// frame must be the one drawing every layer whole gives: here against that whole-layer drawing, written
// out plainly, on mostly transparent layers (a product, a shadow, a reflection) placed in and off frame.
import sharp, { type OverlayOptions } from 'sharp';
import { describe, expect, it } from 'vitest';
import { visibleCrop } from '../../src/render/crop.ts';
import { frameSize, layoutFrame, type RenderPreset, type Size } from '../../src/render/layout.ts';
import {
  applyFilterAndOpacity,
  composeFrame,
  decodeRaw,
  parseColour,
  rawOf,
  type DecodedLayers,
  type RawImage,
} from '../../server/render/compose.ts';
import { alphaBox } from '../../server/render/content-box.ts';

const S = 1200;
const png = (inner: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">${inner}</svg>`))
    .png()
    .toBuffer();
const layers = async (): Promise<DecodedLayers> => ({
  beauty: await decodeRaw(
    await png(
      '<rect x="420" y="150" width="330" height="700" rx="40" fill="#6b8fb3"/><circle cx="585" cy="300" r="90" fill="#d9b36b"/>',
    ),
  ),
  shadow: await decodeRaw(await png('<ellipse cx="600" cy="880" rx="330" ry="60" fill="#000" opacity=".6"/>')),
  reflection: await decodeRaw(await png('<rect x="420" y="880" width="330" height="250" fill="#6b8fb3" opacity=".3"/>')),
});

/** Every layer resized whole, then laid over the background: what the server drew before issue 27. */
async function wholeLayers(preset: RenderPreset, l: DecodedLayers, width: number | Size): Promise<Buffer> {
  const size = typeof width === 'number' ? frameSize(width, l.beauty) : width;
  const sized = (img?: RawImage) => img && { src: img, width: img.width, height: img.height };
  const frame = layoutFrame(preset, { beauty: sized(l.beauty)!, shadow: sized(l.shadow), reflection: sized(l.reflection) }, size);
  const overlays: OverlayOptions[] = [];
  for (const op of frame.ops) {
    const v = op.kind === 'image' ? visibleCrop(op, op.src, size) : undefined;
    if (op.kind !== 'image' || !v) continue;
    const { crop, at } = v;
    const left = Math.max(0, at.x);
    const top = Math.max(0, at.y);
    const dw = Math.min(at.x + crop.dw, size.width) - left;
    const dh = Math.min(at.y + crop.dh, size.height) - top;
    const data = await rawOf(op.src)
      .extract({ left: crop.sx, top: crop.sy, width: crop.sw, height: crop.sh })
      .resize(crop.dw, crop.dh, { fit: 'fill', kernel: op.rect.w < op.src.width * 0.75 ? 'lanczos3' : 'linear' })
      .extract({ left: left - at.x, top: top - at.y, width: dw, height: dh })
      .raw()
      .toBuffer();
    applyFilterAndOpacity(data, op.filter, op.opacity);
    overlays.push({ input: data, raw: { width: dw, height: dh, channels: 4 }, left, top });
  }
  const fill = frame.ops[0]?.kind === 'fill' ? parseColour(frame.ops[0].color) : { r: 0, g: 0, b: 0, alpha: 0 };
  return sharp({ create: { ...size, channels: 4, background: fill } })
    .composite(overlays)
    .raw()
    .toBuffer();
}

const base: RenderPreset = {
  section: '360',
  background: '#f3efe8',
  hasShadow: 1,
  shadow: 45,
  hasReflection: 1,
  reflection: 30,
  saturation: 125,
  brightness: 92,
  image_scale: 0.2,
  image_offset_x: 0.05,
  image_offset_y: -0.04,
};

describe('drawing only where a layer has content', () => {
  it('finds the box of pixels that are not fully transparent', async () => {
    const l = await layers();
    expect(l.beauty.content).toEqual(alphaBox(l.beauty.data, S, S));
    expect(l.beauty.content).toMatchObject({ x0: 420, x1: 750, y0: 150, y1: 850 });
    expect((await decodeRaw(await png(''))).content).toBeNull();
  });

  it.each([
    ['shrunk (lanczos3)', base, 320],
    ['near 1:1 (bilinear)', base, 1000],
    ['enlarged, transparent', { ...base, background: 'none', image_scale: 0 }, 2000],
    [
      "a retailer's box, product pushed off frame",
      { ...base, image_scale: 1, image_offset_x: -0.6, image_offset_y: 0.5 },
      { width: 1500, height: 1000 },
    ],
    [
      'silo, tall box',
      { ...base, section: 'silo' as const, image_scale: 0.7, image_offset_x: 0.9 },
      { width: 700, height: 1100 },
    ],
  ])('gives the whole-layer frame: %s', async (_name, preset, width) => {
    const l = await layers();
    const want = await wholeLayers(preset, l, width);
    const got = (await composeFrame(preset, l, width)).data;
    expect(got.length).toBe(want.length);
    // libvips' vector and plain paths may round a few edge values apart by 1; nothing more.
    let off = 0;
    for (let i = 0; i < got.length; i++)
      if (got[i] !== want[i]) {
        expect(Math.abs(got[i]! - want[i]!)).toBeLessThanOrEqual(1);
        off++;
      }
    expect(off / got.length).toBeLessThan(1e-4);
  });
});
