// Browsers record a canvas's draws and rasterise them later: WebKit's drawImage of a 3840 px frame
// returns at once and the raster runs at transferToImageBitmap (1.1-1.5 s measured in WebKitGTK 2.50).
// A decoded layer closed before that raster is drawn as nothing, and the frame comes out as its
// background alone (seen twice in WebKit's zip journey). Here a surface that records its draws and
// replays them at flush/take/encode, skipping layers already released, stands in for that engine.
import * as Comlink from 'comlink';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { Ctx2D, RenderEnv } from '../../src/render/compose.ts';
import { createRenderApi } from '../../src/workers/render-api.ts';
import { frame, sources } from './fixtures.ts';
import { napiEnv, pixelAt, type Pixels } from './napi-env.ts';

type Env = ReturnType<typeof napiEnv>;
type Img = Parameters<Env['release']>[0];

/** The env with draws deferred to the surface's next read, and released images drawn as nothing. */
function deferredEnv(): Env {
  const env = napiEnv(sources);
  const closed = new WeakSet<object>();
  const release = env.release;
  const createSurface = env.createSurface;
  return {
    ...env,
    release: (img: Img) => (closed.add(img), release(img)),
    createSurface(width, height) {
      const real = createSurface(width, height);
      let recorded: Array<(ctx: Ctx2D<Img>) => void> = [];
      const replay = () => {
        for (const op of recorded) op(real.ctx);
        recorded = [];
      };
      const ctx = new Proxy(real.ctx, {
        get(target, key) {
          const v = Reflect.get(target, key);
          if (typeof v !== 'function') return v;
          return (...args: unknown[]) =>
            void recorded.push((c) => {
              if (key === 'drawImage' && closed.has(args[0] as object)) return;
              (Reflect.get(c, key) as (...a: unknown[]) => void).apply(c, args);
            });
        },
        set: (_target, key, value) => (recorded.push((c) => void Reflect.set(c, key, value)), true),
      });
      return {
        ctx,
        flush: () => (replay(), real.flush()),
        take: () => (replay(), real.take()),
        encode: (type, quality) => (replay(), real.encode(type, quality)),
      };
    },
  } satisfies RenderEnv<Img, Pixels>;
}

const RED = [255, 0, 0, 255];
/** The beauty's swatch is at the centre of the frame (fixtures.ts). */
const centre = async (file: File, name: string) => {
  const zip = await JSZip.loadAsync(await file.arrayBuffer());
  return pixelAt(new Blob([(await zip.file(name)!.async('uint8array')) as Uint8Array<ArrayBuffer>]), 32, 16);
};

describe('a canvas that rasterises later', () => {
  it('one worker: every frame has its product', async () => {
    const env = deferredEnv();
    const file = await createRenderApi(env).renderBatch([frame(64), frame(64), frame(64)], { sku: 'D' });
    for (const name of ['D_01.png', 'D_02.png', 'D_03.png']) expect([name, await centre(file, name)]).toEqual([name, RED]);
    expect(env.stats.released).toBe(env.stats.loaded);
  });

  it('two workers: every frame handed to the encoder has its product', async () => {
    const env = deferredEnv();
    const composer = createRenderApi(env);
    const encoder = createRenderApi(napiEnv(sources));
    const { port1, port2 } = new MessageChannel();
    Comlink.expose({ encodeImage: encoder.encodeImage }, port2 as unknown as Comlink.Endpoint);
    composer.connectEncoder(port1);
    const file = await composer.renderBatchPiped([frame(64), frame(64), frame(64)], { sku: 'E' });
    port1.close();
    port2.close();
    for (const name of ['E_01.png', 'E_02.png', 'E_03.png']) expect([name, await centre(file, name)]).toEqual([name, RED]);
    expect(env.stats.released).toBe(env.stats.loaded);
  });
});
