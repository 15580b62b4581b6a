// Presets and small layer pictures for the Node render tests.
import type { RenderInput } from '../../src/render/compose.ts';
import type { RenderPreset } from '../../src/render/layout.ts';
import { png } from './napi-env.ts';

export const basePreset: RenderPreset = {
  section: 'silo',
  background: '#ffffff',
  hasShadow: 1,
  shadow: 35,
  hasReflection: 1,
  reflection: 10,
  saturation: 100,
  brightness: 100,
  image_scale: 0,
  image_offset_x: 0,
  image_offset_y: 0,
};

/** 100x50 layers: the beauty is a 10x10 swatch at the centre (45..55, 20..30), the rest transparent. */
export const swatch = (color: string): Uint8Array =>
  png(100, 50, (ctx) => {
    ctx.fillStyle = color;
    ctx.fillRect(45, 20, 10, 10);
  });

/** A layer opaque over its left half (0..50), where the swatch is not. */
export const leftHalf = (color: string): Uint8Array =>
  png(100, 50, (ctx) => {
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 40, 50);
  });

export const sources = { red: swatch('rgb(255,0,0)'), black: leftHalf('rgb(0,0,0)') };

/** The red swatch over a black shadow, `width` px wide. */
export const frame = (width: number, type?: RenderInput['type']): RenderInput => ({
  preset: basePreset,
  layers: { beauty: 'red', shadow: 'black' },
  width,
  type,
});
