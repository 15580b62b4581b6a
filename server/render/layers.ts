// The studio's layers of a product view, decoded once per job: a job draws each view at several widths
// (frame sets) or many frames from few views (exports), so decoding is paid once per file. A 2400 px
// layer is 23 MB decoded, so only the last few files are kept: jobs go view by view (frame sets two at
// once), and the vignette's background, asked for at every view, stays among them.
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
  constructor(
    private readonly storage: Storage,
    private readonly keep = 8,
  ) {}

  /** A stored picture as raw RGBA (decoded once while it is among the last `keep` asked for). */
  decode(path: string): Promise<RawImage> {
    const hit = this.cache.get(path) ?? this.storage.read(path).then(decodeRaw);
    // Map order is the order of use: the oldest entry goes first.
    this.cache.delete(path);
    this.cache.set(path, hit);
    if (this.cache.size > this.keep) this.cache.delete(this.cache.keys().next().value!);
    return hit;
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
