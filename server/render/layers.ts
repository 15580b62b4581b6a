// The studio's layers of a product view, decoded once per job: a job draws each view at several widths
// (frame sets) or many frames from few views (exports), so decoding is paid once per file.
import { readFile } from 'node:fs/promises';
import type { RenderPreset } from '../../src/render/layout.ts';
import { hasPictureBackground } from '../../src/render/layout.ts';
import type { Storage } from '../storage/files.ts';
import { decodeRaw, type DecodedLayers, type RawImage } from './compose.ts';

export interface LayerPaths {
  beauty: string;
  shadow: string | null;
  reflection: string | null;
}

export class LayerDecoder {
  private readonly cache = new Map<string, Promise<RawImage>>();
  constructor(private readonly storage: Storage) {}

  /** A stored picture as raw RGBA (each path decoded once). */
  decode(path: string): Promise<RawImage> {
    if (!this.cache.has(path)) this.cache.set(path, readFile(this.storage.resolve(path)).then(decodeRaw));
    return this.cache.get(path)!;
  }

  /** The layers layoutFrame draws for `preset`: the view's three, and a vignette's background picture. */
  async view(paths: LayerPaths, preset: RenderPreset): Promise<DecodedLayers> {
    const [beauty, shadow, reflection, background] = await Promise.all([
      this.decode(paths.beauty),
      paths.shadow ? this.decode(paths.shadow) : undefined,
      paths.reflection ? this.decode(paths.reflection) : undefined,
      hasPictureBackground(preset) ? this.decode(preset.background) : undefined,
    ]);
    return { beauty, shadow, reflection, background };
  }
}
