// Pixel tests on composed frames (@napi-rs/canvas in place of OffscreenCanvas).
import { describe, expect, it } from 'vitest';
import type { RenderInput } from '../../src/render/compose.ts';
import { createRenderApi } from '../../src/workers/render-api.ts';
import { basePreset, leftHalf, swatch } from './fixtures.ts';
import { napiEnv, pixelAt } from './napi-env.ts';

const sources = {
  red: swatch('rgb(255,0,0)'),
  ochre: swatch('rgb(200,100,50)'),
  black: leftHalf('rgb(0,0,0)'),
  green: leftHalf('rgb(0,255,0)'),
};

async function render(input: Partial<RenderInput> & Pick<RenderInput, 'preset'>): Promise<Blob> {
  const api = createRenderApi(napiEnv(sources));
  return api.renderFrame({ layers: { beauty: 'red' }, width: 100, ...input });
}

const near = (got: number[], want: number[], tol = 1) =>
  expect(
    got.every((v, i) => Math.abs(v - want[i]!) <= tol),
    `${got} ≈ ${want}`,
  ).toBe(true);

describe('composed frames', () => {
  it('keeps the background colour exact where no layer covers it', async () => {
    const blob = await render({ preset: { ...basePreset, background: '#0897b4' }, layers: { beauty: 'red', shadow: 'black' } });
    expect(await pixelAt(blob, 80, 5)).toEqual([0x08, 0x97, 0xb4, 255]);
    expect(await pixelAt(blob, 50, 25)).toEqual([255, 0, 0, 255]);
  });

  it.each([35, 80])('draws the shadow at %d %% alpha', async (pct) => {
    const preset = { ...basePreset, background: 'none', shadow: pct };
    const blob = await render({ preset, layers: { beauty: 'red', shadow: 'black' } });
    near(await pixelAt(blob, 10, 10), [0, 0, 0, Math.round((pct / 100) * 255)]);
    expect((await pixelAt(blob, 80, 5))[3]).toBe(0);
  });

  it('hides the shadow when hasShadow is 0', async () => {
    const blob = await render({ preset: { ...basePreset, hasShadow: 0 }, layers: { beauty: 'red', shadow: 'black' } });
    expect(await pixelAt(blob, 10, 10)).toEqual([255, 255, 255, 255]);
  });

  it('hides the reflection when hasReflection is 0, and shows it when on', async () => {
    const layers = { beauty: 'red', reflection: 'green' };
    const off = await render({ preset: { ...basePreset, hasReflection: 0, reflection: 100 }, layers });
    expect(await pixelAt(off, 10, 10)).toEqual([255, 255, 255, 255]);
    const on = await render({ preset: { ...basePreset, hasReflection: 1, reflection: 100 }, layers });
    expect(await pixelAt(on, 10, 10)).toEqual([0, 255, 0, 255]);
  });

  it('brightness 200 % and saturation 0 % turn rgb(200,100,50) into grey 2 × luma', async () => {
    const blob = await render({ preset: { ...basePreset, saturation: 0, brightness: 200 }, layers: { beauty: 'ochre' } });
    const grey = Math.round(2 * (0.2126 * 200 + 0.7152 * 100 + 0.0722 * 50)); // 235
    near(await pixelAt(blob, 50, 25), [grey, grey, grey, 255], 2);
  });

  it('moves a known pixel by offset × 50 % of the frame', async () => {
    // At 200x100 the swatch covers 90..110 x 40..60; +0.2 → +20 px right, -0.4 → 20 px up.
    const preset = { ...basePreset, image_offset_x: 0.2, image_offset_y: -0.4 };
    const blob = await render({ preset, width: 200 });
    expect(await pixelAt(blob, 125, 25)).toEqual([255, 0, 0, 255]);
    expect(await pixelAt(blob, 100, 50)).toEqual([255, 255, 255, 255]);
    expect(await pixelAt(blob, 112, 38)).toEqual([255, 0, 0, 255]);
  });

  it('encodes JPEG on white when the background is none', async () => {
    const blob = await render({ preset: { ...basePreset, background: 'none' }, type: 'image/jpeg' });
    expect(blob.type).toBe('image/jpeg');
    near(await pixelAt(blob, 5, 5), [255, 255, 255, 255], 2);
  });
});
