// Why a change waits (issue 43): a 5xx while the browser is online is the server's error being retried,
// said with the entry's words, and the app stays online; only a request that got no answer is offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyProducts, productRow } from '../../src/data/local/product-pages.ts';
import { drainOutbox, newActionId } from '../../src/data/outbox/outbox.ts';
import { queuedBy, waitForOutcome } from '../../src/data/outbox/outcome.ts';
import { saveProductInfo } from '../../src/data/catalog/product-info.ts';
import { syncStatus } from '../../src/data/local/store.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import { DEMO } from '../support/http.ts';
import { settle, startHarness, type Fault, type Harness } from './support.ts';

let h: Harness;
let id: number;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  await syncNow(h.cid, true);
  id = (await companyProducts(h.cid))[0]!.id;
});
afterAll(async () => {
  h.net.chooser = () => undefined;
  await h?.s.close();
});

/** Every write meets `fault` until the outcome is known; then the network is healthy again. */
async function outcomeUnder(fault: Fault, finish: string) {
  h.net.chooser = (c) => (c.method?.toUpperCase() === 'GET' ? undefined : fault);
  try {
    const entries = await queuedBy(() => saveProductInfo(h.cid, id, { fields: { finish } }, newActionId()));
    return await waitForOutcome(entries, { pollMs: 5 });
  } finally {
    h.net.chooser = () => undefined;
  }
}

describe('the outcome of a write that did not reach the server', () => {
  it('a 5xx is retried while online, in the words of the entry', async () => {
    syncStatus.set({ online: true });
    const o = await outcomeUnder('s503', 'Retried finish');
    expect(o).toEqual({
      state: 'queued',
      why: 'retrying',
      message: 'Error updating product informations: Injected 503',
    });
    expect(syncStatus.get().online).toBe(true);
    expect(await settle()).toEqual([]);
    expect((await productRow(id))?.finish).toBe('Retried finish');
  });

  it('a 5xx after a time offline brings the app back online: the server answered', async () => {
    syncStatus.set({ online: false });
    h.net.chooser = (c) => (c.method?.toUpperCase() === 'GET' ? undefined : 's500');
    try {
      const entries = await queuedBy(() => saveProductInfo(h.cid, id, { fields: { finish: 'Answered finish' } }, newActionId()));
      await drainOutbox(); // the save goes, and the server answers 500
      expect(syncStatus.get().online).toBe(true);
      expect(await waitForOutcome(entries, { pollMs: 5 })).toMatchObject({ state: 'queued', why: 'retrying' });
    } finally {
      h.net.chooser = () => undefined;
    }
    expect(await settle()).toEqual([]);
  });

  it('no answer at all is offline', async () => {
    syncStatus.set({ online: true });
    const o = await outcomeUnder('dropRequest', 'Unsent finish');
    expect(o).toEqual({ state: 'queued', why: 'offline' });
    expect(syncStatus.get().online).toBe(false);
    expect(await settle()).toEqual([]);
  });
});
