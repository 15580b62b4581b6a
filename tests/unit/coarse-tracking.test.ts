// A row naming thousands of index keys (a bulk action's outbox entry) is recorded for the live queries
// as "the whole index changed" (one node), not key by key (10,000 nodes built, merged and cloned on
// the main thread); the live queries that read that index still see the change.
import 'fake-indexeddb/auto'; // Dexie's live queries look for a global indexedDB
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { liveQuery, type ObservabilitySet } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { Dexie, FacetDb } from '../../src/data/local/db.ts';
import type { OutboxEntry } from '../../src/data/local/types.ts';

const entry = (ids: number[]): OutboxEntry =>
  ({
    state: 'queued',
    label: 'Add tags',
    entities: ids.map((id) => `product:${id}`),
    errorPrefix: '',
    call: { command: 'productBulk.apply', body: { id_customer: 1, ids, action: { kind: 'delete' } } },
    action: 'a1',
    actionLabel: 'Add tags',
    createdAt: 1,
  }) as unknown as OutboxEntry;

/** How many intervals a recorded part holds (Dexie's interval tree: a node with l and r). */
function nodes(tree: unknown): number {
  const n = tree as { d?: number; l?: unknown; r?: unknown } | null;
  return !n || !n.d ? 0 : 1 + nodes(n.l) + nodes(n.r);
}

let db: FacetDb | undefined;
afterEach(() => db?.close());

async function recordedParts(write: (d: FacetDb) => Promise<unknown>): Promise<ObservabilitySet> {
  db = new FacetDb(`coarse-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  const seen: ObservabilitySet[] = [];
  const listen = (parts: ObservabilitySet) => void seen.push(parts);
  Dexie.on('storagemutated', listen);
  try {
    await write(db);
  } finally {
    Dexie.on('storagemutated').unsubscribe(listen);
  }
  return Object.assign({}, ...seen) as ObservabilitySet;
}

const entitiesPart = (parts: ObservabilitySet, name: string) => parts[`idb://${name}/outbox/entities`];

describe('coarse tracking of wide rows', () => {
  it('records an entry naming 10,000 products as one interval over the whole entities index', async () => {
    const parts = await recordedParts((d) => d.outbox.add(entry(Array.from({ length: 10_000 }, (_, i) => i + 1))));
    expect(nodes(entitiesPart(parts, db!.name))).toBe(1);
  });

  it('still records a narrow entry key by key', async () => {
    const parts = await recordedParts((d) => d.outbox.add(entry([1, 2, 3])));
    expect(nodes(entitiesPart(parts, db!.name))).toBe(3);
  });

  it('wakes a live query on one product when a wide entry names it', async () => {
    db = new FacetDb(`coarse-live-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
    const d = db;
    const counts: number[] = [];
    const sub = liveQuery(() => d.outbox.where('entities').equals('product:4321').count()).subscribe({
      next: (n) => counts.push(n),
      error: (e: unknown) => counts.push(String(e) as unknown as number),
    });
    await expect.poll(() => counts).toEqual([0]);
    await d.outbox.add(entry(Array.from({ length: 10_000 }, (_, i) => i + 1)));
    await expect.poll(() => counts.at(-1)).toBe(1);
    sub.unsubscribe();
  });
});
