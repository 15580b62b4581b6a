// Issue 14: the server's frame (sharp, server/render/compose.ts) and the worker's frame (canvas,
// src/render/compose.ts; @napi-rs/canvas here) of the same preset and layers match within the preview
// tolerance of tests/e2e/render.test.ts (pixelmatch threshold 0.1, under 0.5 % of pixels), and the
// tolerance still sees a 1 % move.
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { RenderPreset } from '../../src/render/layout.ts';
import { createRenderApi } from '../../src/workers/render-api.ts';
import { demoFileMaker, demoLayerPaths } from '../../server/db/demo-files.ts';
import { KINDS } from '../../server/db/seed-kinds.ts';
import { composeFrame, decodeRaw, rawOf } from '../../server/render/compose.ts';
import { napiEnv } from './napi-env.ts';
import { TEST_LAYER_PX, demoCacheDir } from '../support/seed-snapshot.ts';

// The demo's own layers of a sofa (drawn from its 3D model, at the test servers' size, so the cache is shared).
const kind = KINDS[0]!;
const layers = async (angle: number) => {
  const paths = demoLayerPaths(kind, 0, angle, TEST_LAYER_PX);
  const [beauty, shadow, reflection] = await Promise.all(
    [paths.beauty, paths.shadow, paths.reflection].map((p) => demoFileMaker(TEST_LAYER_PX, demoCacheDir())(p)!()),
  );
  return { beauty: beauty!, shadow: shadow!, reflection: reflection! };
};

const preset: RenderPreset = {
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

async function both(p: RenderPreset, angle: number, width: number) {
  const files = await layers(angle);
  const out = await createRenderApi(napiEnv(files)).renderFrame({
    preset: p,
    layers: { beauty: 'beauty', shadow: 'shadow', reflection: 'reflection' },
    width,
    type: 'image/png',
  });
  const worker = PNG.sync.read(Buffer.from(await out.arrayBuffer()));
  const decoded = {
    beauty: await decodeRaw(files.beauty),
    shadow: await decodeRaw(files.shadow),
    reflection: await decodeRaw(files.reflection),
  };
  const raw = await composeFrame(p, decoded, width);
  const server = PNG.sync.read(await rawOf(raw).png().toBuffer());
  return { worker, server };
}

const differing = (a: PNG, b: PNG) =>
  pixelmatch(a.data, b.data, undefined, a.width, a.height, { threshold: 0.1 }) / (a.width * a.height);

describe('server frame vs worker frame', () => {
  it.each([
    [0, 480],
    [135, 960],
  ])('match at angle %d, %d px wide', async (angle, width) => {
    const { worker, server } = await both(preset, angle, width);
    expect([server.width, server.height]).toEqual([worker.width, worker.height]);
    expect(differing(worker, server)).toBeLessThan(0.005);
  });

  it('the tolerance still sees the product moved by 1 % of the frame', async () => {
    const same = await both(preset, 0, 480);
    const { server } = await both({ ...preset, image_offset_x: preset.image_offset_x + 0.02 }, 0, 480);
    const moved = differing(same.worker, server);
    expect(moved).toBeGreaterThan(0.005);
    expect(moved).toBeGreaterThan(5 * differing(same.worker, same.server));
  });
});
