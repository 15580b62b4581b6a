// Frame inputs over the harness fixtures, shared by the e2e tests and the bench.
import type { ImageType, RenderInput } from '../../../src/render/compose.ts';
import type { RenderPreset } from '../../../src/render/layout.ts';

/** A vignette preset away from every default, so each mapping shows in the pixels. */
export const vignettePreset: RenderPreset = {
  section: 'vignette',
  background: '/__fixtures/room.jpg',
  hasShadow: 1,
  shadow: 55,
  hasReflection: 1,
  reflection: 80,
  saturation: 130,
  brightness: 85,
  image_scale: -0.3,
  image_offset_x: 0.2,
  image_offset_y: 0.1,
  bg_scale: 0.2,
  bg_offset_x: -0.5,
  bg_offset_y: 0.3,
};

/** The same preset over the fixtures drawn at another size, e.g. '960x540/'. */
export const presetAt = (dir: string): RenderPreset => ({ ...vignettePreset, background: `/__fixtures/${dir}room.jpg` });

/**
 * A frame whose layers are addresses: what crosses page.evaluate (a Blob would not, and TypeScript 7's
 * view of Playwright's serialised Blob no longer matches the DOM's).
 */
export type AddressedInput = RenderInput & { layers: { beauty: string; shadow?: string; reflection?: string } };

/** n frames; the query string makes each frame fetch its own layers, as real batches do. */
export const frameInputs = (
  n: number,
  width: number,
  type: ImageType = 'image/png',
  preset = vignettePreset,
  dir = '',
): AddressedInput[] =>
  Array.from({ length: n }, (_, i) => ({
    preset,
    layers: {
      beauty: `/__fixtures/${dir}beauty.png?f=${i}`,
      shadow: `/__fixtures/${dir}shadow.png?f=${i}`,
      reflection: `/__fixtures/${dir}reflection.png?f=${i}`,
    },
    width,
    type,
  }));
