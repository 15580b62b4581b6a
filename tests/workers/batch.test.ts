// Batches: zip contents and progress, bitmaps released, the two-worker pipeline's output, the streaming zip.
import * as Comlink from 'comlink';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { createRenderApi, type RenderProgress } from '../../src/workers/render-api.ts';
import { openZip } from '../../src/workers/zip.ts';
import { napiEnv, pixelAt, sizeOf, type Pixels } from './napi-env.ts';
import type { ImageType } from '../../src/render/compose.ts';

import { frame, sources } from './fixtures.ts';

describe('renderBatch', () => {
  it('zips every frame at the requested width, named <SKU>_<YYYY-MM-DD>.zip', async () => {
    const env = napiEnv(sources);
    const progress: RenderProgress[] = [];
    const inputs = [frame(64), frame(64, 'image/jpeg'), frame(64)];
    const file = await createRenderApi(env).renderBatch(inputs, { sku: 'AB 12/3', date: new Date(2024, 4, 6) }, (p) => {
      progress.push(p);
    });
    expect(file.name).toBe('AB-12-3_2024-05-06.zip');
    const zip = await JSZip.loadAsync(await file.arrayBuffer());
    const names = Object.keys(zip.files);
    expect(names).toEqual(['AB-12-3_01.png', 'AB-12-3_02.jpg', 'AB-12-3_03.png']);
    for (const name of names) {
      expect(await sizeOf(await zip.file(name)!.async('uint8array'))).toEqual({ width: 64, height: 32 });
    }
    // Progress is reported asynchronously: the last report ('zipped') has arrived.
    await expect.poll(() => progress.at(-1)?.kind).toBe('zipped');
    expect(progress.flatMap((p) => ('message' in p ? [p.message] : []))).toEqual([
      'Building Image 1 of 3',
      'Building Image 2 of 3',
      'Building Image 3 of 3',
      'Creating a zip file...',
    ]);
    expect(env.stats.released).toBe(env.stats.loaded);
  });

  it('stores the images without deflating them', async () => {
    const file = await createRenderApi(napiEnv(sources)).renderBatch([frame(200)], { sku: 'S' });
    const zip = await JSZip.loadAsync(await file.arrayBuffer());
    const entry = zip.file('S_01.png') as unknown as { _data: { compression: { magic: string } } };
    expect(entry._data.compression.magic).toBe('\x00\x00'); // STORE
  });
});

/** Connects `composer` to an encoder answering on the other end of a MessageChannel, as the client does. */
function pipe(composer: ReturnType<typeof createRenderApi>, encoder: { encodeImage: (...a: never[]) => unknown }) {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(encoder, port2 as unknown as Comlink.Endpoint);
  composer.connectEncoder(port1);
  return () => (port1.close(), port2.close());
}

describe('the pipeline (compose here, encode elsewhere)', () => {
  it('gives the same images as one worker, and the encoder times each frame', async () => {
    const inputs = [frame(64), frame(64, 'image/jpeg'), frame(64), frame(64)];
    const composer = createRenderApi(napiEnv(sources));
    const encoder = napiEnv(sources);
    let encoded = 0;
    const close = pipe(composer, {
      encodeImage: (f: Pixels, type: ImageType, q?: number) => (encoded++, createRenderApi(encoder).encodeImage(f, type, q)),
    });
    const encodes: number[] = [];
    const piped = await composer.renderBatchPiped(
      inputs,
      { sku: 'P' },
      (p) => void (p.kind === 'framed' && encodes.push(p.timing.encode)),
    );
    close();
    const alone = await createRenderApi(napiEnv(sources)).renderBatch(inputs, { sku: 'P' });
    expect(encoded).toBe(4);
    const [a, b] = await Promise.all([piped, alone].map(async (f) => JSZip.loadAsync(await f.arrayBuffer())));
    expect(Object.keys(a!.files)).toEqual(['P_01.png', 'P_02.jpg', 'P_03.png', 'P_04.png']);
    const points = [
      [50, 12],
      [5, 5],
      [30, 20],
    ] as const;
    for (const name of ['P_01.png', 'P_04.png']) {
      const [pa, pb] = await Promise.all(
        [a!, b!].map(async (z) => new Blob([(await z.file(name)!.async('uint8array')) as Uint8Array<ArrayBuffer>])),
      );
      for (const [x, y] of points) expect(await pixelAt(pa!, x, y)).toEqual(await pixelAt(pb!, x, y));
    }
    await expect.poll(() => encodes.length).toBe(4);
    expect(encodes).toHaveLength(4);
    expect(encodes.every((ms) => ms > 0)).toBe(true);
  });

  it('fails the batch, and frees what it decoded, when an encode fails', async () => {
    const env = napiEnv(sources);
    const composer = createRenderApi(env);
    let calls = 0;
    const close = pipe(composer, {
      encodeImage: async () => {
        if (++calls === 2) throw new Error('encoder gone');
        return { blob: new Blob(['x']), ms: 1 };
      },
    });
    await expect(composer.renderBatchPiped([frame(32), frame(32), frame(32)], { sku: 'E' })).rejects.toThrow('encoder gone');
    close();
    // The frames decoded ahead are freed as their reads settle: each one loaded is released.
    await expect.poll(() => env.stats.loaded - env.stats.released).toBe(0);
    expect(env.stats.released).toBe(env.stats.loaded);
  });

  it('refuses a piped batch with no encoder connected', async () => {
    await expect(async () => createRenderApi(napiEnv(sources)).renderBatchPiped([frame(8)], { sku: 'N' })).rejects.toThrow(
      'No encoder connected',
    );
  });
});

describe('openZip', () => {
  it('takes entries in any order and keeps the order of the names', async () => {
    const zip = openZip(['a.png', 'b.png', 'c.png']);
    zip.put(2, new Blob(['C']));
    zip.put(0, new Blob(['A']));
    await new Promise((r) => setImmediate(r)); // B comes in a later turn of the event loop
    zip.put(1, new Blob(['B']));
    const read = await JSZip.loadAsync(await (await zip.done).arrayBuffer());
    expect(Object.keys(read.files)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(await read.file('b.png')!.async('string')).toBe('B');
  });

  it('rejects once aborted', async () => {
    const zip = openZip(['a.png', 'b.png']);
    zip.put(0, new Blob(['A']));
    zip.abort(new Error('cancelled'));
    await expect(zip.done).rejects.toThrow('cancelled');
  });
});
