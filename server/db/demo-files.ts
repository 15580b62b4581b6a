// The demo's layer files: fixed paths that name kind, finish, angle and layer, drawn on first read.
// Storage asks the maker for a file it lacks (server/storage/files.ts); drawing them all at seed time
// would take minutes on two cores, and most are never looked at. A cache folder (DEMO_CACHE_DIR)
// lets many data folders share the drawings. The layers' size in pixels (DEMO_LAYER_PX) is part of
// every path: the seeded rows name it, and two sizes never share a file, here or in the cache.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FileMaker } from '../storage/files.ts';
import { beauty, reflection, shadow } from './demo-layers.ts';
import { KINDS, type Kind } from './seed-kinds.ts';

/**
 * The turntable's angles: 48 views, 7.5 degrees apart, so a 48-frame turn shows 48 pictures and a 24-frame
 * one every other (server/render/views.ts; issue 43). Rows and paths keep whole degrees (the column is an
 * integer): 7.5 is stored as 8 and drawn at `drawnAngle`, its exact step.
 */
const DEMO_VIEWS = 48;
const STEP = 360 / DEMO_VIEWS;
export const DEMO_ANGLES: readonly number[] = Array.from({ length: DEMO_VIEWS }, (_, i) => Math.round(i * STEP));
const drawnAngle = (stored: number) => STEP * Math.round(stored / STEP);
/** Part of every path: a change to the drawing gets new paths, never an old file under the same name. */
const ROOT = 'automation/demo/v1';
const THUMB = 400;

const pad = (angle: number) => String(angle).padStart(3, '0');

/** The stored paths of a kind's view at `px` pixels: beauty and reflection per finish, the shadow shared by both. */
export function demoLayerPaths(kind: Kind, variant: number, angle: number, px: number) {
  const root = `${ROOT}/${px}`;
  const folder = `${root}/${kind.slug}-${variant + 1}`;
  return {
    angle,
    beauty: `${folder}/${pad(angle)}-beauty.png`,
    reflection: `${folder}/${pad(angle)}-reflection.png`,
    shadow: `${root}/${kind.slug}/${pad(angle)}-shadow.png`,
  };
}

const PATH = new RegExp(`^${ROOT}/(\\d+)/([a-z-]+?)(?:-([12]))?/(\\d{3})-(beauty|reflection|shadow)(_thumb)?\\.png$`);

/** Draws a known path of `px` pixels: the layer, or its thumbnail. Other sizes are not drawn (the path is public). */
function drawing(path: string, px: number): (() => Promise<Buffer>) | undefined {
  const m = PATH.exec(path);
  const kind = m && KINDS.find((k) => k.slug === m[2]);
  const angle = Number(m?.[4]);
  if (!m || m[1] !== String(px) || !kind || !DEMO_ANGLES.includes(angle) || (m[5] === 'shadow') !== (m[3] === undefined))
    return undefined;
  const width = m[6] ? Math.min(THUMB, px) : px;
  const variant = Number(m[3] ?? 1) - 1;
  const at = drawnAngle(angle);
  if (m[5] === 'beauty') return () => beauty(kind, variant, at, width);
  if (m[5] === 'reflection') return () => reflection(kind, variant, at, width);
  return () => shadow(kind, at, width);
}

/** The maker of the demo's files at `px` pixels, reading and filling `cacheDir` when given (best effort: a cache). */
export function demoFileMaker(px: number, cacheDir?: string): FileMaker {
  return (path) => {
    const draw = drawing(path, px);
    if (!draw || !cacheDir) return draw;
    const file = join(cacheDir, path);
    return async () => {
      const cached = await readFile(file).catch(() => undefined);
      if (cached) return cached;
      const bytes = await draw();
      const aside = `${file}.${randomUUID()}`;
      await mkdir(dirname(file), { recursive: true })
        .then(() => writeFile(aside, bytes))
        .then(() => rename(aside, file))
        .catch(() => undefined);
      return bytes;
    };
  };
}
