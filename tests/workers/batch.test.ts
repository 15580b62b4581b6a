// Batches: zip contents and progress, bitmaps released, and the client's cancel (terminate + discard).
import * as Comlink from 'comlink';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { RenderInput } from '../../src/render/compose.ts';
import { createRenderApi, type RenderProgress } from '../../src/workers/render-api.ts';
import { createRenderClient, RenderCancelled, RenderUnsupported, type WorkerLike } from '../../src/workers/render-client.ts';
import { basePreset, leftHalf, swatch } from './fixtures.ts';
import { napiEnv, sizeOf } from './napi-env.ts';

const sources = { red: swatch('rgb(255,0,0)'), black: leftHalf('rgb(0,0,0)') };
const frame = (width: number, type?: RenderInput['type']): RenderInput => ({
  preset: basePreset,
  layers: { beauty: 'red', shadow: 'black' },
  width,
  type,
});

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
    await new Promise((r) => setTimeout(r, 0)); // progress is reported asynchronously
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

/** A worker in this process: the API on one end of a MessageChannel. */
function fakeWorkers() {
  const made: Array<{ terminated: boolean }> = [];
  const createWorker = (): WorkerLike => {
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(createRenderApi(napiEnv(sources)), port2 as unknown as Comlink.Endpoint);
    const state = { terminated: false };
    made.push(state);
    return Object.assign(port1 as unknown as Comlink.Endpoint, {
      terminate() {
        state.terminated = true;
        port1.close();
        port2.close();
      },
    });
  };
  return { made, createWorker };
}

describe('render client', () => {
  it('starts a worker lazily and ends it when idle', async () => {
    const { made, createWorker } = fakeWorkers();
    const client = createRenderClient({ createWorker, supported: () => true, idleMs: 20 });
    expect(made).toHaveLength(0);
    const blob = await client.renderFrame(frame(50));
    expect(await sizeOf(blob)).toEqual({ width: 50, height: 25 });
    expect(client.workerCount).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(client.workerCount).toBe(0);
    expect(made[0]!.terminated).toBe(true);
  });

  it('cancel terminates the worker and leaves no result', async () => {
    const { made, createWorker } = fakeWorkers();
    const client = createRenderClient({ createWorker, supported: () => true, workers: 1 });
    let result: File | undefined;
    const batch = client.renderBatch([frame(400), frame(400), frame(400), frame(400)], { sku: 'X' }, (p) => {
      if (p.kind === 'framed' && p.index === 1) client.cancel();
    });
    batch.then((f) => (result = f)).catch(() => undefined);
    await expect(batch).rejects.toBeInstanceOf(RenderCancelled);
    await new Promise((r) => setTimeout(r, 100));
    expect(result).toBeUndefined();
    expect(made[0]!.terminated).toBe(true);
    expect(client.workerCount).toBe(0);
    // The next call starts a fresh worker.
    await client.renderFrame(frame(20));
    expect(made).toHaveLength(2);
    client.dispose();
  });

  it('splits a batch over two workers and counts progress over the whole batch', async () => {
    const { made, createWorker } = fakeWorkers();
    const client = createRenderClient({ createWorker, supported: () => true });
    const messages: string[] = [];
    const file = await client.renderBatch(
      [frame(40), frame(40), frame(40)],
      { sku: 'T' },
      (p) => void ('message' in p && messages.push(p.message)),
      2,
    );
    expect(made).toHaveLength(2);
    expect(Object.keys((await JSZip.loadAsync(await file.arrayBuffer())).files)).toEqual(['T_01.png', 'T_02.png', 'T_03.png']);
    expect(messages).toEqual([
      'Building Image 1 of 3',
      'Building Image 2 of 3',
      'Building Image 3 of 3',
      'Creating a zip file...',
    ]);
    client.dispose();
  });

  it('refuses with a clear message where OffscreenCanvas is missing', async () => {
    const client = createRenderClient({ supported: () => false });
    await expect(client.renderFrame(frame(10))).rejects.toThrow(RenderUnsupported);
    await expect(client.renderFrame(frame(10))).rejects.toThrow(/OffscreenCanvas is missing/);
  });
});
