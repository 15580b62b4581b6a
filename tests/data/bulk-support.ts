// What the bulk data tests share: the demo company pulled and indexed, its real products in id order
// to take from, and a product's tags as the server holds them.
import { catalogIndex } from '../../src/data/catalog/catalog-query.ts';
import { newActionId, policy } from '../../src/data/outbox/outbox.ts';
import { companyProducts } from '../../src/data/local/product-pages.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import type { ProductRow } from '../../src/data/local/types.ts';
import { DEMO } from '../support/http.ts';
import { startHarness, type Harness } from './support.ts';

export async function startCatalogHarness(): Promise<{ h: Harness; pool: ProductRow[] }> {
  const h = await startHarness(DEMO.acme);
  await syncNow(h.cid, true);
  await catalogIndex('products', h.cid).load();
  const pool = (await companyProducts(h.cid)).filter((p) => p.id > 0).sort((a, b) => a.id - b.id);
  // An offline try waits out its backoff: nothing is being sent while a test looks (Undo, a reload).
  policy.baseDelay = policy.maxDelay = 600_000;
  return { h, pool };
}

export const bulkAction = (label: string) => ({ id: newActionId(), label });

export const serverTags = async (h: Harness, id: number): Promise<string[]> =>
  (await h.s.db.query<{ name: string }>('SELECT t.name FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = $1', [id])).map((r) => r.name);
