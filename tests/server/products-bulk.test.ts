// Bulk actions (our extension, POST /posts/product/bulk): one call, one transaction, all or nothing;
// the permission and tenancy matrix; a mixed batch refused whole; one change under one key; every
// product in the next delta, and a delete's tombstones; the bulk restore (a bulk delete's Undo).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call } from '../support/http.ts';
import { ids, newProduct, type Ids } from './products.fixtures.ts';

let s: TestServer;
let w: Ids;
beforeAll(async () => {
  s = await startTestServer();
  w = await ids(s);
});
afterAll(async () => {
  await s.close();
});

type Action = Record<string, unknown>;
const bulk = (token: string, productIds: number[], action: Action, cid = w.acme, headers?: Record<string, string>) =>
  call(s, 'POST', '/posts/product/bulk', { token, body: { id_customer: cid, ids: productIds, action }, headers });
const restore = (token: string, productIds: number[], cid = w.acme, headers?: Record<string, string>) =>
  call(s, 'POST', '/posts/product/bulk/restore', { token, body: { id_customer: cid, ids: productIds }, headers });
const three = async (cid = w.acme, token = w.tok.acme) => Promise.all([1, 2, 3].map(() => newProduct(s, token, cid)));
const tagsOf = async (id: number) =>
  (
    await s.db.query<{ name: string }>(
      'SELECT t.name FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = $1 ORDER BY t.name',
      [id],
    )
  ).map((r) => r.name);
const row = async (id: number) =>
  (await s.db.one<{ collection: string; automation_system: number; deleted: boolean; updated_at: Date }>(
    'SELECT collection, automation_system, deleted_at IS NOT NULL AS deleted, updated_at FROM products WHERE id = $1',
    [id],
  ))!;

describe('POST /posts/product/bulk', () => {
  it('adds tags (made once in the company), removes them, sets the collection: every product moves', async () => {
    const ps = await three();
    const added = await bulk(
      w.tok.acme,
      ps.map((p) => p.id),
      { kind: 'addTags', tags: ['Bulk oak', 'bulk OAK', 'Linen bulk'] },
    );
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ success: true, message: '3 products updated', count: 3 });
    for (const p of ps) expect(await tagsOf(p.id)).toEqual(['Bulk oak', 'Linen bulk']);
    expect((await s.db.query("SELECT 1 FROM tags WHERE customer_id = $1 AND lower(name) = 'bulk oak'", [w.acme])).length).toBe(1);
    for (const p of ps) expect((await row(p.id)).updated_at.getTime()).toBeGreaterThan(Date.parse(p.updated_at));

    const oak = (await s.db.one<{ id: number }>("SELECT id FROM tags WHERE customer_id = $1 AND name = 'Bulk oak'", [w.acme]))!
      .id;
    expect(
      (
        await bulk(
          w.tok.acme,
          ps.map((p) => p.id),
          { kind: 'removeTags', tags: [oak] },
        )
      ).status,
    ).toBe(200);
    for (const p of ps) expect(await tagsOf(p.id)).toEqual(['Linen bulk']);
    expect(
      (
        await bulk(
          w.tok.acme,
          ps.map((p) => p.id),
          { kind: 'setCollection', collection: 'Bulk collection' },
        )
      ).status,
    ).toBe(200);
    for (const p of ps) expect((await row(p.id)).collection).toBe('Bulk collection');
  });

  it('a delete writes a tombstone per product, and a delta carries every change', async () => {
    const ps = await three();
    const cursor = (await call(s, 'GET', '/gets/product/show', { token: w.tok.acme, query: { id_customer: w.acme } })).body
      .cursor as string;
    const [a, b, c] = ps as [(typeof ps)[0], (typeof ps)[0], (typeof ps)[0]];
    expect((await bulk(w.tok.acme, [a.id, b.id], { kind: 'setCollection', collection: 'Delta' })).status).toBe(200);
    const del = await bulk(w.tok.acme, [c.id], { kind: 'delete' });
    expect(del.body.message).toBe('1 products deleted');
    expect((await row(c.id)).deleted).toBe(true);
    expect(await s.db.query(`SELECT entity_id FROM tombstones WHERE entity = 'product' AND entity_id = $1`, [c.id])).toEqual([
      { entity_id: c.id },
    ]);
    const delta = await call(s, 'GET', '/gets/product/show', {
      token: w.tok.acme,
      query: { id_customer: w.acme, updated_since: cursor },
    });
    expect(delta.body.products.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(delta.body.deleted).toContain(c.id);
  });

  it('refuses a batch that names a product of another company, unknown or deleted, whole: nothing changes', async () => {
    const mine = await three();
    const theirs = await newProduct(s, w.tok.borealis, w.borealis);
    for (const stranger of [theirs.id, 2_000_000_000]) {
      const r = await bulk(w.tok.acme, [...mine.map((p) => p.id), stranger], { kind: 'setCollection', collection: 'Mixed' });
      expect(r.status).toBe(404);
      expect(r.body.success).toBe(false);
    }
    for (const p of mine) expect((await row(p.id)).collection).not.toBe('Mixed');
    expect((await row(theirs.id)).collection).not.toBe('Mixed');
    // Another company's manager cannot name Acme's products under their own company either.
    expect(
      (
        await bulk(
          w.tok.borealis,
          mine.map((p) => p.id),
          { kind: 'delete' },
          w.borealis,
        )
      ).status,
    ).toBe(404);
    for (const p of mine) expect((await row(p.id)).deleted).toBe(false);
  });

  it('needs editor-info-access, and automation its own permission', async () => {
    const ps = await three();
    const viewer = await bulk(
      w.tok.viewer,
      ps.map((p) => p.id),
      { kind: 'delete' },
    );
    expect(viewer.status).toBe(403);
    for (const p of ps) expect((await row(p.id)).deleted).toBe(false);
    const auto = await bulk(
      w.tok.acme,
      ps.map((p) => p.id),
      { kind: 'requestAutomation' },
    );
    // The Acme manager may send products for automation (demo roles); a role without it may not.
    expect(auto.status).toBe(200);
    for (const p of ps) expect((await row(p.id)).automation_system).toBe(1);
  });

  it('staff in the provider context act on one company at a time', async () => {
    const acme = await three();
    const bor = await newProduct(s, w.tok.borealis, w.borealis);
    expect(
      (
        await bulk(
          w.tok.staff,
          acme.map((p) => p.id),
          { kind: 'addTags', tags: ['Staff tag'] },
          -1,
        )
      ).status,
    ).toBe(200);
    expect(
      (await s.db.query("SELECT customer_id FROM tags WHERE name = 'Staff tag'")).map(
        (r) => (r as { customer_id: number }).customer_id,
      ),
    ).toEqual([w.acme]);
    const mixed = await bulk(w.tok.staff, [acme[0]!.id, bor.id], { kind: 'delete' }, -1);
    expect(mixed.status).toBe(422);
    expect(mixed.body.message).toBe('The products must belong to one company.');
  });

  it('is one change under one Idempotency-Key: a retry gets the first answer and changes nothing more', async () => {
    const ps = await three();
    const key = { 'idempotency-key': `bulk-${ps[0]!.id}` };
    const first = await bulk(
      w.tok.acme,
      ps.map((p) => p.id),
      { kind: 'setCollection', collection: 'Once' },
      w.acme,
      key,
    );
    const stamps = await Promise.all(ps.map(async (p) => (await row(p.id)).updated_at.getTime()));
    const again = await bulk(
      w.tok.acme,
      ps.map((p) => p.id),
      { kind: 'setCollection', collection: 'Once' },
      w.acme,
      key,
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await Promise.all(ps.map(async (p) => (await row(p.id)).updated_at.getTime()))).toEqual(stamps);
  });

  it('refuses bad input with a 4xx and its words', async () => {
    const [p] = await three();
    expect((await bulk(w.tok.acme, [], { kind: 'delete' })).status).toBe(422);
    expect((await bulk(w.tok.acme, [p!.id], { kind: 'paint' })).status).toBe(422);
    expect((await bulk(w.tok.acme, [p!.id], { kind: 'addTags', tags: ['   '] })).status).toBe(422);
    expect((await bulk(w.tok.acme, [p!.id], { kind: 'setCollection', collection: 'x'.repeat(256) })).status).toBe(422);
    expect((await bulk(w.tok.acme, [p!.id], { kind: 'removeTags', tags: [2_000_000_000] })).status).toBe(404);
  });

  it('restores deleted products in one call (Undo of a bulk delete): all or nothing, the permission, one key', async () => {
    const ps = await three();
    const gone = ps.map((p) => p.id);
    expect((await bulk(w.tok.acme, gone, { kind: 'delete' })).status).toBe(200);
    const cursor = (await call(s, 'GET', '/gets/product/show', { token: w.tok.acme, query: { id_customer: w.acme } })).body
      .cursor as string;
    // A product that is not deleted, or another company's deleted one, refuses the batch whole.
    const live = await newProduct(s, w.tok.acme, w.acme);
    const theirs = await newProduct(s, w.tok.borealis, w.borealis);
    expect((await bulk(w.tok.borealis, [theirs.id], { kind: 'delete' }, w.borealis)).status).toBe(200);
    for (const extra of [live.id, theirs.id]) expect((await restore(w.tok.acme, [...gone, extra])).status).toBe(404);
    expect((await restore(w.tok.viewer, gone)).status).toBe(403);
    for (const id of gone) expect((await row(id)).deleted).toBe(true);
    const key = { 'idempotency-key': `restore-${gone[0]}` };
    const first = await restore(w.tok.acme, gone, w.acme, key);
    expect(first.body).toEqual({ success: true, message: '3 products restored', count: 3 });
    for (const id of gone) expect((await row(id)).deleted).toBe(false);
    expect(await s.db.query(`SELECT 1 FROM tombstones WHERE entity = 'product' AND entity_id = ANY($1::int[])`, [gone])).toEqual(
      [],
    );
    const again = await restore(w.tok.acme, gone, w.acme, key);
    expect(again.body).toEqual(first.body); // the stored answer, not a 404 for products no longer deleted
    const delta = await call(s, 'GET', '/gets/product/show', {
      token: w.tok.acme,
      query: { id_customer: w.acme, updated_since: cursor },
    });
    expect(delta.body.products.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining(gone));
    expect(delta.body.deleted ?? []).not.toContain(gone[0]);
  });
});
