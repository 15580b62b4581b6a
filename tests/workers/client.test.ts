// The render client: lazy workers, idle end, cancel (terminate + discard), and the two-worker pipeline wiring.
import * as Comlink from 'comlink';
import JSZip from 'jszip';
import { describe, expect, it, vi } from 'vitest';
import { createRenderApi } from '../../src/workers/render-api.ts';
import {
  chooseWorkers,
  createRenderClient,
  RenderCancelled,
  RenderUnsupported,
  type WorkerLike,
} from '../../src/workers/render-client.ts';
import { frame, sources } from './fixtures.ts';
import { napiEnv, sizeOf } from './napi-env.ts';

/**
 * A worker in this process: the API on one end of a MessageChannel. `work` holds what each of its
 * calls answers, so a test can wait until the worker has finished all it was asked (a barrier).
 */
function fakeWorkers() {
  const made: Array<{ terminated: boolean; work: Promise<unknown>[] }> = [];
  const createWorker = (): WorkerLike => {
    const { port1, port2 } = new MessageChannel();
    const state = { terminated: false, work: [] as Promise<unknown>[] };
    const api = createRenderApi(napiEnv(sources));
    const tracked = Object.fromEntries(
      Object.entries(api).map(([name, fn]) => [
        name,
        (...args: unknown[]) => {
          const answer = Promise.resolve((fn as (...a: unknown[]) => unknown)(...args));
          state.work.push(answer);
          return answer;
        },
      ]),
    );
    Comlink.expose(tracked, port2 as unknown as Comlink.Endpoint);
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
    // The idle time runs on a controlled clock (timers only: the messages between page and worker are real).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { made, createWorker } = fakeWorkers();
      const client = createRenderClient({ createWorker, supported: () => true, idleMs: 20 });
      expect(made).toHaveLength(0);
      const blob = await client.renderFrame(frame(50));
      expect(await sizeOf(blob)).toEqual({ width: 50, height: 25 });
      expect(client.workerCount).toBe(1);
      vi.advanceTimersByTime(20);
      expect(client.workerCount).toBe(0);
      expect(made[0]!.terminated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
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
    // The barrier: the worker has finished all it was asked, so anything it could still answer has been answered.
    await Promise.allSettled(made[0]!.work);
    expect(result).toBeUndefined();
    expect(made[0]!.terminated).toBe(true);
    expect(client.workerCount).toBe(0);
    // The next call starts a fresh worker.
    await client.renderFrame(frame(20));
    expect(made).toHaveLength(2);
    client.dispose();
  });

  it('reports nothing after cancel, not even progress the worker had already sent', async () => {
    // A worker that sends two progress messages at once and never finishes: the second is on its way
    // when the first one's handler cancels. It tells the test when the page has taken the second.
    let secondTaken!: () => void;
    const taken = new Promise<void>((r) => (secondTaken = r));
    const createWorker = (): WorkerLike => {
      const { port1, port2 } = new MessageChannel();
      Comlink.expose(
        {
          async renderBatch(inputs: unknown[], _o: unknown, onProgress: (p: unknown) => void) {
            const say = (i: number) =>
              onProgress({ kind: 'frame', index: i, total: inputs.length, message: `Building Image ${i} of ${inputs.length}` });
            void say(1);
            void Promise.resolve(say(2)).then(secondTaken);
            return new Promise(() => undefined);
          },
        },
        port2 as unknown as Comlink.Endpoint,
      );
      return Object.assign(port1 as unknown as Comlink.Endpoint, { terminate: () => (port1.close(), port2.close()) });
    };
    const client = createRenderClient({ createWorker, supported: () => true, workers: 1 });
    const seen: string[] = [];
    const batch = client.renderBatch([frame(20), frame(20)], { sku: 'X' }, (p) => {
      if ('message' in p) seen.push(p.message);
      client.cancel();
    });
    await expect(batch).rejects.toBeInstanceOf(RenderCancelled);
    await taken;
    expect(seen).toEqual(['Building Image 1 of 2']);
  });

  it('pipes a batch through two paired workers and counts progress over the whole batch', async () => {
    const { made, createWorker } = fakeWorkers();
    const client = createRenderClient({ createWorker, supported: () => true, workers: 2 });
    const messages: string[] = [];
    const file = await client.renderBatch(
      [frame(40), frame(40), frame(40)],
      { sku: 'T' },
      (p) => void ('message' in p && messages.push(p.message)),
    );
    expect(made).toHaveLength(2);
    expect(client.workerCount).toBe(2);
    expect(Object.keys((await JSZip.loadAsync(await file.arrayBuffer())).files)).toEqual(['T_01.png', 'T_02.png', 'T_03.png']);
    expect(messages).toEqual([
      'Building Image 1 of 3',
      'Building Image 2 of 3',
      'Building Image 3 of 3',
      'Creating a zip file...',
    ]);
    client.dispose();
  });

  it('cancel during a piped batch ends both workers, and the next batch pairs fresh ones', async () => {
    const { made, createWorker } = fakeWorkers();
    const client = createRenderClient({ createWorker, supported: () => true, workers: 2 });
    const batch = client.renderBatch([frame(300), frame(300), frame(300), frame(300)], { sku: 'X' }, (p) => {
      if (p.kind === 'framed' && p.index === 1) client.cancel();
    });
    await expect(batch).rejects.toBeInstanceOf(RenderCancelled);
    expect(made.map((m) => m.terminated)).toEqual([true, true]);
    const file = await client.renderBatch([frame(20), frame(20)], { sku: 'Y' });
    expect(made).toHaveLength(4);
    expect(Object.keys((await JSZip.loadAsync(await file.arrayBuffer())).files)).toEqual(['Y_01.png', 'Y_02.png']);
    client.dispose();
  });

  it('pipes only where there are two frames and two cores', () => {
    expect(chooseWorkers(1, 8)).toBe(1);
    expect(chooseWorkers(2, 1)).toBe(1);
    expect(chooseWorkers(2, 2)).toBe(2);
  });

  it('refuses with a clear message where OffscreenCanvas is missing', async () => {
    const client = createRenderClient({ supported: () => false });
    await expect(client.renderFrame(frame(10))).rejects.toThrow(RenderUnsupported);
    await expect(client.renderFrame(frame(10))).rejects.toThrow(/OffscreenCanvas is missing/);
  });
});
