// The studio's layers for the demo, drawn from each kind's drawing: beauty (the drawing on a transparent
// ground), shadow (a soft ellipse) and reflection (a faded, flipped copy), for 8 angles of a 360 spin
// (a turn is a horizontal squash, lit from the front right, mirrored from behind). Silo and vignette use
// angle 0. Files are shared by every product of the same kind and finish, and by both demo companies.
import sharp from 'sharp';
import type { Storage } from '../storage/files.ts';
import { thumbOf } from '../storage/files.ts';
import { shade } from './seed-drawings.ts';
import { KINDS, type Kind } from './seed-kinds.ts';

export const ANGLES = [0, 45, 90, 135, 180, 225, 270, 315] as const;
/** Layers are the 600 x 600 drawing box plus room below the floor line (y 520) for the reflection. */
export const LAYER_WIDTH = 600;
export const LAYER_HEIGHT = 720;
const THUMB = 400;
/** The 360 views' width (their height keeps the layers' aspect). */
export const SPIN_WIDTH = THUMB;
export const SPIN_HEIGHT = (LAYER_HEIGHT * SPIN_WIDTH) / LAYER_WIDTH;

export interface LayerFiles { angle: number; beauty: string; shadow: string; reflection: string }

/** How wide a kind looks at an angle (1 from the front, sideWidth from the side). */
const squash = (k: Kind, angle: number) => {
  const c = Math.abs(Math.cos((angle * Math.PI) / 180));
  return Math.round((k.sideWidth + (1 - k.sideWidth) * c) * 100) / 100;
};

/**
 * The drawing turned to an angle: squashed, mirrored from behind, its colour lit from the front right
 * (colours are computed: an SVG lighting filter costs six times the drawing).
 */
export function turned(k: Kind, colour: string, angle: number): string {
  const rad = (angle * Math.PI) / 180;
  const sx = squash(k, angle) * (Math.cos(rad) < -1e-9 ? -1 : 1);
  const light = 0.84 + 0.16 * Math.cos(rad - Math.PI / 6);
  return `<g transform="translate(300 0) scale(${sx} 1) translate(-300 0)">${k.draw(shade(colour, light))}</g>`;
}

/** A soft ellipse under the product (a radial gradient: a blur filter costs three times more). */
export function shadowOf(k: Kind, angle: number, opacity = 0.5): string {
  const rx = Math.max(30, k.footprint * squash(k, angle) * 1.08);
  return `<defs><radialGradient id="soft"><stop offset="0" stop-opacity="${opacity}"/><stop offset=".6" stop-opacity="${opacity * 0.7}"/>`
    + `<stop offset="1" stop-opacity="0"/></radialGradient></defs>`
    + `<ellipse cx="300" cy="518" rx="${rx.toFixed(0)}" ry="24" fill="url(#soft)"/>`;
}

export const svg = (inner: string, w = LAYER_WIDTH, h = LAYER_HEIGHT) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${inner}</svg>`);

/**
 * The beauty flipped about the floor line (y 520) and faded, squashed to 40 % as a glossy floor shows it.
 * A uniform opacity, not a gradient mask: the mask costs 2.4 times the drawing.
 */
function reflectionOf(beauty: string): string {
  return `<g opacity=".3"><g transform="translate(0 ${520 * 1.4}) scale(1 -0.4)">${beauty}</g></g>`;
}

/**
 * Renders a layer at `width` px and its thumbnail. The thumbnail is the SVG drawn again at its size
 * (measured 3 ms of CPU against 9 ms for resizing the raster); a layer no wider than a thumbnail is its
 * own thumbnail, as Storage would make it.
 */
async function writeLayer(storage: Storage, path: string, inner: string, width: number) {
  const draw = (w: number) => sharp(svg(inner), { density: (72 * w) / LAYER_WIDTH }).png({ compressionLevel: 3 }).toBuffer();
  const full = await draw(width);
  await storage.write(path, full);
  await storage.write(thumbOf(path), width <= THUMB ? full : await draw(THUMB));
}

/** Runs the jobs a few at a time (sharp works on libuv's pool; more in flight only costs memory). */
export async function inPool<T>(jobs: (() => Promise<T>)[], size = 4): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(Array.from({ length: size }, async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  }));
  return out;
}

export interface LayerSet {
  /** Angle 0 at full size, for silo and vignette. */
  still: LayerFiles;
  /** The 360 spin, one view per angle, at SPIN_WIDTH. */
  spin: LayerFiles[];
}

/**
 * Every kind and finish's layers; keyed `<kind index>-<variant>`. The spin's views are drawn at thumbnail
 * width, so each is its own thumbnail: that halves the seed's drawing time (about 256 views).
 */
export async function renderLayers(storage: Storage): Promise<Map<string, LayerSet>> {
  const jobs: (() => Promise<void>)[] = [];
  const sets = new Map<string, LayerSet>();
  const layer = (path: string, inner: string, width: number) => {
    jobs.push(() => writeLayer(storage, path, inner, width));
    return path;
  };
  for (const [ki, k] of KINDS.entries()) {
    const base = `automation/layers/${k.slug}`;
    const stillShadow = layer(`${base}/shadow.png`, shadowOf(k, 0), LAYER_WIDTH);
    const spinShadows = new Map<number, string>();
    for (const angle of ANGLES) {
      const s = squash(k, angle);
      if (!spinShadows.has(s)) spinShadows.set(s, layer(`${base}/spin-shadow-${Math.round(s * 100)}.png`, shadowOf(k, angle), SPIN_WIDTH));
    }
    for (const [variant, colour] of k.colours.entries()) {
      const folder = `${base}-${variant + 1}`;
      const views = (angle: number, prefix: string, width: number, shadow: string): LayerFiles => {
        const beauty = turned(k, colour, angle);
        return {
          angle, shadow,
          beauty: layer(`${folder}/${prefix}${angle}-beauty.png`, beauty, width),
          reflection: layer(`${folder}/${prefix}${angle}-reflection.png`, reflectionOf(beauty), width),
        };
      };
      sets.set(`${ki}-${variant}`, {
        still: views(0, '', LAYER_WIDTH, stillShadow),
        spin: ANGLES.map((angle) => views(angle, 'spin-', SPIN_WIDTH, spinShadows.get(squash(k, angle))!)),
      });
    }
  }
  await inPool(jobs);
  return sets;
}
