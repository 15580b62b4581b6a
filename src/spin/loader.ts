// Fetches a spin's frames in the rules' order (poster, every 4th, the gaps) a few at a time, and
// says which have arrived. A "generation" is one picture size: full screen starts a new one at the
// largest width, and the previous generation's frames stay on screen until the new ones arrive.
import { loadOrder } from './rules.ts';
import type { PlayerFrame } from './frames.ts';

export interface Generation {
  sizes: string;
  loaded: boolean[];
  count: number;
}

export class FrameLoader {
  current: Generation;
  previous?: Generation;
  private pending: HTMLImageElement[] = [];

  constructor(
    private readonly frames: readonly PlayerFrame[],
    sizes: string,
    private readonly onLoad: (index: number) => void,
    private readonly concurrency = 6,
  ) {
    this.current = this.fresh(sizes);
  }

  private fresh(sizes: string): Generation {
    return { sizes, loaded: this.frames.map(() => false), count: 0 };
  }

  /** Marks a frame that arrived another way (the poster, loaded by the visible picture). */
  mark(index: number, gen = this.current) {
    if (gen.loaded[index]) return;
    gen.loaded[index] = true;
    gen.count++;
    if (gen === this.current) this.onLoad(index);
  }

  /** Fetches every frame not yet loaded, in order; `skip` is already on its way (the poster). */
  start(skip?: number) {
    const gen = this.current;
    const queue = loadOrder(this.frames.length).filter((i) => i !== skip && !gen.loaded[i]);
    const next = () => {
      if (gen !== this.current) return;
      const i = queue.shift();
      if (i === undefined) return;
      const img = new Image();
      img.decoding = 'async';
      const done = () => {
        this.pending = this.pending.filter((p) => p !== img);
        if (img.naturalWidth > 0) this.mark(i, gen);
        next();
      };
      img.onload = done;
      img.onerror = done;
      this.pending.push(img);
      const f = this.frames[i]!;
      // sizes before srcset, so the browser picks the same width as the visible picture will.
      if (f.srcset) {
        img.sizes = gen.sizes;
        img.srcset = f.srcset;
      }
      img.src = f.src;
    };
    for (let k = 0; k < this.concurrency; k++) next();
  }

  /** A new picture size (full screen and back): fetch again, keep the old frames as a fallback. */
  resize(sizes: string) {
    if (sizes === this.current.sizes) return;
    if (this.current.count) this.previous = this.current;
    this.stop();
    this.current = this.fresh(sizes);
    this.start();
  }

  get complete() {
    return this.current.count === this.frames.length;
  }

  stop() {
    for (const img of this.pending) {
      img.onload = img.onerror = null;
      img.removeAttribute('srcset');
      img.removeAttribute('src');
    }
    this.pending = [];
  }
}
