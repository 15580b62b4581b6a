// One random sequence of offline and online creates, edits, tag and category changes, uploads and
// deletes, under random faults, with the drain "reloaded" (a new Dexie instance on the same
// IndexedDB) at random points; then the outbox settles and the server is compared with an oracle.
// Shared by the property test (one in-process server) and `npm run chaos` (two server processes).
import fc from 'fast-check';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openLocal } from '../../src/data/local/db.ts';
import { companyProducts } from '../../src/data/local/product-pages.ts';
import { drainOutbox, newActionId } from '../../src/data/outbox/outbox.ts';
import { registerProducts } from '../../src/data/catalog/products.ts';
import { deleteProduct, saveProductInfo } from '../../src/data/catalog/product-info.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import type { OutboxEntry, ProductRow } from '../../src/data/local/types.ts';
import { rng } from '../../server/db/seed-catalog.ts';
import type { Db } from '../../server/db/index.ts';
import { FAULTS, pngBlob, settle, textFile, type Fault, type FaultyNetwork } from './support.ts';

const TAGS = ['linen', 'Oak', 'oak', 'velvet', 'Brass', 'teak'];

export type Op =
  | { t: 'create'; tags: string[]; sub: number; image: boolean; file: boolean; block: boolean }
  | { t: 'edit'; ref: number; name: string }
  | { t: 'tagAdd' | 'tagRemove' | 'subAdd' | 'subRemove'; ref: number; pick: number }
  | { t: 'upload' | 'delete'; ref: number }
  | { t: 'offline' | 'online' | 'drain' | 'pull' }
  /** The drain "reloaded" once it has sent `after` more requests (or has ended first). */
  | { t: 'reload'; after: number }
  /** Chaos only: a server process killed mid-drain (and started again), once the drain has sent `after` more requests. */
  | { t: 'kill'; after: number };

const ref = fc.nat(20);
const baseOps: fc.WeightedArbitrary<Op>[] = [
  { arbitrary: fc.record({ t: fc.constant('create' as const), tags: fc.subarray(TAGS, { maxLength: 3 }), sub: fc.nat(5), image: fc.boolean(), file: fc.boolean(), block: fc.boolean() }), weight: 4 },
  { arbitrary: fc.record({ t: fc.constant('edit' as const), ref, name: fc.constantFrom('Sofa', 'Lamp', 'Chair', 'Rug') }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constantFrom('tagAdd' as const, 'tagRemove' as const, 'subAdd' as const, 'subRemove' as const), ref, pick: fc.nat(10) }), weight: 4 },
  { arbitrary: fc.record({ t: fc.constantFrom('upload' as const, 'delete' as const), ref }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constantFrom('offline' as const, 'online' as const, 'drain' as const, 'pull' as const) }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constant('reload' as const), after: fc.nat(3) }), weight: 2 },
];
export const killOp: fc.WeightedArbitrary<Op> = { arbitrary: fc.record({ t: fc.constant('kill' as const), after: fc.nat(6) }), weight: 2 };

export interface Scenario { ops: Op[]; faultRate: number; faults: Fault[]; seed: number }

export const scenarioArb = (extra: fc.WeightedArbitrary<Op>[] = []): fc.Arbitrary<Scenario> => fc.record({
  ops: fc.array(fc.oneof(...baseOps, ...extra), { minLength: 1, maxLength: 7 }),
  faultRate: fc.constantFrom(0, 0.2, 0.4, 0.6),
  faults: fc.subarray(FAULTS, { minLength: 1 }),
  seed: fc.integer(),
});

interface Model { sku: string; name: string; tags: Set<string>; subs: Set<number>; images: number; files: number; blocks: number; deleted: boolean }
export interface ServerProduct { sku: string; n: number; name: string; images: number; files: number; blocks: number; tags: string[]; subs: number[] }

export interface World {
  db: Db;
  net: FaultyNetwork;
  cid: number;
  subs: number[];
  /** How a 'kill' op is carried out (chaos only). */
  kill?: () => void;
}

export interface Outcome {
  ops: number;
  reloads: number;
  /** What the oracle says the server must hold, and what it holds, by SKU. */
  expected: ServerProduct[];
  server: ServerProduct[];
  /** Outbox entries left parked or in conflict after settling (none may be). */
  left: OutboxEntry[];
}

let runs = 0;

/** Starts a drain and returns once it has sent `requests` more calls, or has ended first: a point mid-drain set by events, not by time. */
async function midDrain(net: FaultyNetwork, requests: number): Promise<void> {
  const drained = drainOutbox().catch(() => undefined);
  await Promise.race([drained, net.requestsReach(net.requests + requests)]);
}

async function localOf(m: Model, cid: number): Promise<ProductRow> {
  const row = (await companyProducts(cid)).find((p) => p.sku === m.sku);
  if (!row) throw new Error(`No local row for ${m.sku}`);
  return row;
}

export async function runScenario(w: World, sc: Scenario, settleMs = 60_000): Promise<Outcome> {
  const run = ++runs;
  let ops = 0;
  let reloads = 0;
  const factory = new IDBFactory();
  const reload = () => void openLocal({ name: 'facet', indexedDB: factory, IDBKeyRange });
  reload();
  const rnd = rng(sc.seed);
  const { net, subs } = w;
  net.offline = false;
  net.chooser = () => (rnd() < sc.faultRate ? sc.faults[Math.floor(rnd() * sc.faults.length)] : undefined);
  const models: Model[] = [];
  const live = () => models.filter((m) => !m.deleted);
  const prefix = `P${process.pid}x${run}-`;
  for (const op of sc.ops) {
    ops++;
    const targets = live();
    const m = 'ref' in op && targets.length ? targets[op.ref % targets.length] : undefined;
    switch (op.t) {
      case 'create': {
        const sku = `${prefix}${models.length + 1}`;
        const tags = [...new Set(op.tags.map((t) => t.toLowerCase()))];
        models.push({ sku, name: `New ${sku}`, tags: new Set(tags), subs: new Set([subs[op.sub % subs.length]!]), images: op.image ? 1 : 0, files: op.file ? 1 : 0, blocks: op.block ? 1 : 0, deleted: false });
        await registerProducts(w.cid, [{
          sku, name: `New ${sku}`, tags: op.tags.length ? [op.tags.join(', ')] : [], subcategoryIds: [subs[op.sub % subs.length]!],
          images: op.image ? [await pngBlob()] : [], files: op.file ? [textFile()] : [], descriptions: op.block ? [{ title: 'Care', notes: 'Dust' }] : [],
        }], newActionId());
        break;
      }
      case 'edit':
        if (!m) break;
        m.name = `${op.name} ${m.sku}`;
        await saveProductInfo(w.cid, (await localOf(m, w.cid)).id, { fields: { name: m.name } }, newActionId());
        break;
      case 'tagAdd': {
        const name = TAGS.filter((t) => !m?.tags.has(t.toLowerCase()))[op.pick % TAGS.length];
        if (!m || !name) break;
        m.tags.add(name.toLowerCase());
        await saveProductInfo(w.cid, (await localOf(m, w.cid)).id, { addTags: [name] }, newActionId());
        break;
      }
      case 'tagRemove': {
        if (!m || !m.tags.size) break;
        const row = await localOf(m, w.cid);
        const tag = row.tags[op.pick % row.tags.length]!;
        m.tags.delete(tag.name.toLowerCase());
        await saveProductInfo(w.cid, row.id, { removeTags: [tag.id] }, newActionId());
        break;
      }
      case 'subAdd': {
        const sub = subs.filter((s) => !m?.subs.has(s))[op.pick % subs.length];
        if (!m || sub === undefined) break;
        m.subs.add(sub);
        await saveProductInfo(w.cid, (await localOf(m, w.cid)).id, { addSubcategories: [sub] }, newActionId());
        break;
      }
      case 'subRemove': {
        if (!m || !m.subs.size) break;
        const sub = [...m.subs][op.pick % m.subs.size]!;
        m.subs.delete(sub);
        await saveProductInfo(w.cid, (await localOf(m, w.cid)).id, { removeSubcategories: [sub] }, newActionId());
        break;
      }
      case 'upload':
        if (!m) break;
        m.files++;
        await saveProductInfo(w.cid, (await localOf(m, w.cid)).id, { addFiles: [textFile(`notes-${m.files}.txt`)] }, newActionId());
        break;
      case 'delete':
        if (!m) break;
        m.deleted = true;
        await deleteProduct(w.cid, (await localOf(m, w.cid)).id, newActionId());
        break;
      case 'offline':
        net.offline = true;
        break;
      case 'online':
        net.offline = false;
        break;
      case 'drain':
        await drainOutbox().catch(() => undefined);
        break;
      case 'pull':
        await syncNow(w.cid).catch(() => undefined);
        break;
      case 'reload':
        await midDrain(net, op.after);
        reloads++;
        reload();
        break;
      case 'kill':
        if (!w.kill) break;
        await midDrain(net, op.after);
        w.kill();
        break;
    }
  }
  net.offline = false;
  net.chooser = () => undefined;
  reload();
  const left = await settle(settleMs);
  const server = await w.db.query<ServerProduct>(
    `SELECT p.sku, count(*) OVER (PARTITION BY p.sku)::int AS n, p.name,
            (SELECT count(*)::int FROM product_images i WHERE i.product_id = p.id) AS images,
            (SELECT count(*)::int FROM product_assets a WHERE a.product_id = p.id) AS files,
            (SELECT count(*)::int FROM product_descriptions d WHERE d.product_id = p.id) AS blocks,
            COALESCE((SELECT array_agg(lower(t.name) ORDER BY lower(t.name)) FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = p.id), '{}') AS tags,
            COALESCE((SELECT array_agg(l.subcategory_id ORDER BY l.subcategory_id) FROM product_subcategory_links l WHERE l.product_id = p.id), '{}') AS subs
       FROM products p WHERE p.sku LIKE $1 AND p.deleted_at IS NULL ORDER BY p.sku`, [`${prefix}%`]);
  const expected = live().map((x) => ({
    sku: x.sku, n: 1, name: x.name, images: x.images, files: x.files, blocks: x.blocks,
    tags: [...x.tags].sort(), subs: [...x.subs].sort((a, b) => a - b),
  })).sort((a, b) => (a.sku < b.sku ? -1 : 1));
  return { ops, reloads, expected, server, left };
}

/**
 * Counts what the server lost (a product, an edit, a tag or category change, a file or a delete
 * that did not arrive, an outbox entry left undone) and what it holds twice (a product, an image,
 * a file or a block more than the user made).
 */
export function tally(o: Outcome): { lost: number; duplicated: number } {
  let lost = o.left.length;
  let duplicated = 0;
  const bySku = new Map<string, ServerProduct[]>();
  for (const p of o.server) bySku.set(p.sku, [...(bySku.get(p.sku) ?? []), p]);
  const diff = (a: unknown[], b: unknown[]) => a.filter((x) => !b.includes(x)).length;
  const compare = (e: ServerProduct, got: ServerProduct) => {
    let missing = (got.name !== e.name ? 1 : 0) + diff(e.tags, got.tags) + diff(got.tags, e.tags) + diff(e.subs, got.subs) + diff(got.subs, e.subs);
    let extra = 0;
    for (const k of ['images', 'files', 'blocks'] as const) {
      if (got[k] < e[k]) missing += e[k] - got[k];
      else extra += got[k] - e[k];
    }
    return { missing, extra };
  };
  for (const e of o.expected) {
    const rows = bySku.get(e.sku) ?? [];
    bySku.delete(e.sku);
    if (!rows.length) { lost++; continue; }
    // A product created twice: the copy holding the user's changes counts, the other is the duplicate.
    const best = rows.map((r) => compare(e, r)).sort((a, b) => a.missing + a.extra - (b.missing + b.extra))[0]!;
    duplicated += rows.length - 1 + best.extra;
    lost += best.missing;
  }
  for (const rows of bySku.values()) lost += rows.length; // deleted by the user, still on the server
  return { lost, duplicated };
}
