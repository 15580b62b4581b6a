// Dexie version 7 -> the claims version 8 (one user action, one change): a database of the previous
// release holds a product created offline with a new tag (one action, random keys as release 7 made
// them) whose create already reached the server once with its answer lost, and an edit of my name.
// Upgraded in place, the entries keep their keys (so the create's resend meets the stored answer),
// their actions are claimed (a repeat of one queues nothing) and the queue drains exactly once.
import { IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLAIMS_VERSION, db, openLocal } from '../../src/data/local/db.ts';
import { saveAccount } from '../../src/data/people/people.ts';
import { call, DEMO } from '../support/http.ts';
import { oldDatabase } from './schema-fixtures.ts';
import { settle, startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
});
afterAll(async () => h?.s.close());

const P = -1_700_000_300_001;
const T = -1_700_000_300_002;

it('upgrades a database with queued entries: keys kept, actions claimed, drained exactly once', async () => {
  const me = (await h.s.db.one<{ id: number; name: string }>('SELECT id, name FROM users WHERE email = $1', [DEMO.acme]))!;
  const old = await oldDatabase('facet-release-7', CLAIMS_VERSION - 1, h.factory);
  await old.table('products').put({ id: P, cid: h.cid, name: 'Claimed chair', sku: 'UPG-8', tags: [{ id: T, name: 'upg-8' }], images: [], subcategories: [], categories: [] });
  await old.table('tags').put({ id: T, name: 'upg-8', cid: h.cid });
  const base = { attempts: 0, nextAt: 0, createdAt: Date.now(), state: 'queued', action: 'a-register-8', actionLabel: 'Add product UPG-8' };
  const createKey = crypto.randomUUID();
  const create = await old.table('outbox').add({
    ...base, key: createKey, label: 'Create product UPG-8', entities: [`product:${P}`], dependsOn: [], state: 'retrying', attempts: 1,
    call: { method: 'POST', path: '/posts/product/store', body: { id_customer: h.cid, name: 'Claimed chair', sku: 'UPG-8' } },
    creates: { temp: P, kind: 'product', from: 'product.id' },
  });
  const tag = await old.table('outbox').add({
    ...base, key: crypto.randomUUID(), label: 'Create tag upg-8', entities: [`tag:${T}`], dependsOn: [],
    call: { method: 'POST', path: '/posts/tag/store', body: { id_customer: h.cid, name: 'upg-8' } },
    creates: { temp: T, kind: 'tag', from: 'tag.id' },
  });
  await old.table('outbox').add({
    ...base, key: crypto.randomUUID(), label: 'Tag UPG-8 with upg-8', entities: [`product:${P}`, `tag:${T}`], dependsOn: [create, tag],
    call: { method: 'POST', path: '/posts/product/tag/store', body: { id_product: P, id_tag: T } },
  });
  const editKey = crypto.randomUUID();
  await old.table('outbox').add({
    ...base, action: 'a-account-8', actionLabel: 'Save my account', key: editKey, label: 'Save your name and phone', entities: [`account:${me.id}`], dependsOn: [],
    call: { method: 'PUT', path: '/user/edit', body: { name: 'Upgraded Manager', phone: '' } },
  });
  old.close();
  // Release 7 sent the create and lost the answer: the server holds the product and its answer under that key.
  const token = await h.s.tokenFor(DEMO.acme);
  const first = await call(h.s, 'POST', '/posts/product/store', { token, headers: { 'Idempotency-Key': createKey }, body: { id_customer: h.cid, name: 'Claimed chair', sku: 'UPG-8' } });
  expect(first.status).toBe(200);

  openLocal({ name: 'facet-release-7', indexedDB: h.factory, IDBKeyRange });
  expect(db().verno).toBeGreaterThanOrEqual(CLAIMS_VERSION);
  const entries = await db().outbox.orderBy('id').toArray();
  expect(entries.map((e) => e.key)).toContain(createKey);
  expect(entries.map((e) => e.key)).toContain(editKey);
  expect((await db().actionClaims.toArray()).map((c) => c.id).sort()).toEqual(['a-account-8', 'a-register-8']);
  // A repeat of a claimed action (the same Save again) queues nothing.
  await saveAccount({ id: me.id, name: me.name, phone: null, photo: null }, { name: 'Upgraded Manager', phone: '' }, 'a-account-8');
  expect(await db().outbox.count()).toBe(4);

  h.net.queue = ['dropResponse', 'duplicate'];
  expect(await settle()).toEqual([]);
  const made = await h.s.db.query<{ tags: number }>(
    `SELECT (SELECT count(*)::int FROM product_tags pt WHERE pt.product_id = p.id) AS tags FROM products p WHERE p.sku = 'UPG-8' AND deleted_at IS NULL`);
  expect(made).toEqual([{ tags: 1 }]);
  expect((await h.s.db.one<{ name: string }>('SELECT name FROM users WHERE id = $1', [me.id]))!.name).toBe('Upgraded Manager');
  const keys = await h.s.db.query("SELECT key FROM idempotency_keys WHERE path LIKE '%/user/edit'");
  expect(keys).toEqual([{ key: editKey }]);
});
