// The demo's layer files: fixed paths that name kind, finish, angle and layer, drawn on first read.
// Storage asks the maker for a file it lacks (server/storage/files.ts); drawing all 1,900 at seed time
// would take minutes on two cores, and most are never looked at. A cache folder (DEMO_CACHE_DIR)
// lets many data folders share the drawings.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FileMaker } from '../storage/files.ts';
import { DEMO_LAYER_SIZE, beauty, reflection, shadow } from './demo-layers.ts';
import { KINDS, type Kind } from './seed-kinds.ts';

/** The turntable's angles: 24 views, 15 degrees apart; a 48-frame turn shows each twice (server/render/views.ts). */
export const DEMO_ANGLES: readonly number[] = Array.from({ length: 24 }, (_, i) => i * 15);
/** Part of every path: a change to the drawing gets new paths, never an old file under the same name. */
const ROOT = 'automation/demo/v1';
const THUMB = 400;

const pad = (angle: number) => String(angle).padStart(3, '0');

/** The stored paths of a kind's view: beauty and reflection per finish, the shadow shared by both. */
export function demoLayerPaths(kind: Kind, variant: number, angle: number) {
  const folder = `${ROOT}/${kind.slug}-${variant + 1}`;
  return { angle, beauty: `${folder}/${pad(angle)}-beauty.png`, reflection: `${folder}/${pad(angle)}-reflection.png`, shadow: `${ROOT}/${kind.slug}/${pad(angle)}-shadow.png` };
}

const PATH = new RegExp(`^${ROOT}/([a-z-]+?)(?:-([12]))?/(\\d{3})-(beauty|reflection|shadow)(_thumb)?\\.png$`);

/** Draws a known path: the layer at 2400 px, or its thumbnail. */
function drawing(path: string): (() => Promise<Buffer>) | undefined {
  const m = PATH.exec(path);
  const kind = m && KINDS.find((k) => k.slug === m[1]);
  const angle = Number(m?.[3]);
  if (!m || !kind || !DEMO_ANGLES.includes(angle) || (m[4] === 'shadow') !== (m[2] === undefined)) return undefined;
  const width = m[5] ? THUMB : DEMO_LAYER_SIZE;
  const variant = Number(m[2] ?? 1) - 1;
  if (m[4] === 'beauty') return () => beauty(kind, variant, angle, width);
  if (m[4] === 'reflection') return () => reflection(kind, variant, angle, width);
  return () => shadow(kind, angle, width);
}

/** The maker of the demo's files, reading and filling `cacheDir` when given (best effort: a cache). */
export function demoFileMaker(cacheDir?: string): FileMaker {
  return (path) => {
    const draw = drawing(path);
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
