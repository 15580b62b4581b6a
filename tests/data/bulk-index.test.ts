// The catalogue index during a bulk change too large for one task (issue 28): it takes the rows a
// part at a time, and a query asked between two parts still answers from the rows as they were, so a
// search never shows part of one user action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLargeCatalog } from '../../server/db/seed-large.ts';
import { applyBulk } from '../../src/data/catalog/bulk.ts';
import { undoBulk } from '../../src/data/catalog/bulk-undo.ts';
import { catalogIndex, runQuery } from '../../src/data/catalog/catalog-query.ts';
import { policy } from '../../src/data/outbox/outbox.ts';
import { companyProducts } from '../../src/data/local/product-pages.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import { DEMO } from '../support/http.ts';
import { bulkAction } from './bulk-support.ts';
import { startHarness, type Harness } from './support.ts';

const MANY = 1_200; // over two of the index's parts of 500 rows

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  await seedLargeCatalog(h.s.db, h.cid, MANY);
  await syncNow(h.cid, true);
  await catalogIndex('products', h.cid).load();
  policy.baseDelay = policy.maxDelay = 600_000; // nothing is sent while the test looks
});
afterAll(async () => h?.s.close());

/** What a search for the collection answers at each turn of the event loop, until it answers `until`. */
async function countsUntil(until: number): Promise<number[]> {
  const seen: number[] = [];
  for (;;) {
    const n = (await runQuery({ kind: 'products', customerId: h.cid, text: 'bulkhead' })).total;
    seen.push(n);
    if (n === until) return seen;
    await new Promise((r) => setTimeout(r)); // a turn for the index's next part, not a wait for time
  }
}

describe('the catalogue index under a large bulk change', () => {
  it('a search between the parts answers the rows as they were: none of the action, then all of it', async () => {
    const ids = (await companyProducts(h.cid)).filter((p) => p.id > 0).map((p) => p.id).slice(0, MANY);
    expect(ids).toHaveLength(MANY);
    h.net.offline = true;
    const a = bulkAction(`Set the collection of ${MANY} products to Bulkhead`);
    const applied = applyBulk(h.cid, ids, { kind: 'setCollection', collection: 'Bulkhead' }, a);
    const seen = await countsUntil(MANY);
    const before = (await applied)!;
    expect(seen.length).toBeGreaterThan(2); // the search was asked while the parts went in
    expect(seen.filter((n) => n !== 0 && n !== MANY)).toEqual([]);
    expect(await undoBulk(before, a.id, bulkAction('Undo'))).toBe('discarded');
    expect((await countsUntil(0)).filter((n) => n !== 0 && n !== MANY)).toEqual([]);
    h.net.offline = false;
  });
});
