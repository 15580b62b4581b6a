// Information blocks this device holds, for the catalogue's CSV export: a product's blocks come with
// its own pull (opening it, editing it), not with the list, so a product never opened has none here.
import { db } from '../local/index.ts';

/** Each product's first block (lowest id) among `ids`, by product id. */
export async function firstBlocks(ids: readonly number[]): Promise<Map<number, { title: string; notes: string }>> {
  const wanted = new Set(ids);
  const out = new Map<number, { id: number; title: string; notes: string }>();
  // The table holds only opened products' blocks: one pass over it beats an anyOf() of 100,000 keys.
  await db().descriptions.each((d) => {
    if (!wanted.has(d.productId)) return;
    const had = out.get(d.productId);
    if (!had || d.id < had.id) out.set(d.productId, { id: d.id, title: d.title, notes: d.notes });
  });
  return new Map([...out].map(([id, b]) => [id, { title: b.title, notes: b.notes }]));
}
