// The first sync of a company's products, in pages (our server's limit/before/from extension): each
// page is written as it arrives, with where the walk stands (the id ranges still to fetch), in one
// transaction; so the catalogue fills from the first page on, and a dropped connection, a reload or a
// closed tab resumes with the ranges not yet written instead of from zero. The first page brings the
// bounds of the others, which are then fetched two at a time. A server without the extension answers
// the whole list at once: one "page", a full replace, as before.
import { db } from '../local/index.ts';
import { getList } from '../local/index.ts';
import { emitChange, syncStatus, tick, touchedSince } from '../local/index.ts';
import { isTemp } from '../local/index.ts';
import { writePages } from '../local/index.ts';
import { confirmProduct } from '../local/index.ts';
import type { ListResult, ListSpec } from './list-spec.ts';
import type { PageWalk, ProductRow } from '../local/index.ts';

/** Rows per page: about 2.5 MB of JSON (250 kB gzip), a few hundred ms of work on each side. */
let pageSize = 5000;
/** Tests and benches walk small lists in several pages. */
export const setPageSize = (n: number) => void (pageSize = n);

type Row = Record<string, unknown>;
interface Page { products?: Row[]; next?: number; total?: number; cursor?: string; bounds?: number[] }
/** [lo, hi): the ids a request stands for. */
type Gap = [number, number];

const walkKey = (spec: ListSpec, cid: number) => `${spec.name}:${cid}:pages`;

/** The walk a reload would resume, if any. */
export async function pendingWalk(spec: ListSpec, cid: number): Promise<PageWalk | undefined> {
  return (await db().meta.get(walkKey(spec, cid)))?.walk;
}

const TOP = Number.MAX_SAFE_INTEGER;
/** Pages fetched side by side after the first (the server computes one while the client writes another). */
const SIDE_BY_SIDE = 2;

export async function pullPages(spec: ListSpec, cid: number): Promise<ListResult> {
  const started = tick();
  const ask = (range: { before?: number; from?: number }, etag?: string) => {
    const p = getList<Page>(spec.entry, { id_customer: cid, limit: pageSize, ...range }, etag);
    p.catch(() => undefined); // awaited by its caller; a failure meanwhile is not unhandled
    return p;
  };
  const write = (list: Row[], covered: Gap, gap: Gap | undefined, rest: Gap | undefined, first?: Page, etag?: string) =>
    writePage(spec, cid, list, covered, (walk) => nextWalk(walk, list.length, gap, rest, first), started, etag);
  let bytes = 0;
  let rows = 0;
  let walk = await pendingWalk(spec, cid);
  try {
    if (!walk) {
      // A server without the extension (no cursor, so every pull lands here) may still answer 304.
      const r = await ask({}, (await db().meta.get(`${spec.name}:${cid}`))?.etag);
      bytes += r.bytes;
      if (r.status === 304) return { status: 304, mode: 'unchanged', bytes, rows: 0, deleted: 0 };
      const page: Page = r.data ?? {};
      const list = Array.isArray(page.products) ? page.products : [];
      const more = typeof page.next === 'number' && list.length > 0;
      walk = await write(list, [more ? page.next! : 0, TOP], undefined, undefined, page, r.etag);
      rows += list.length;
    }
    const queue = [...(walk?.gaps ?? [])];
    const worker = async () => {
      for (let gap = queue.shift(); gap; gap = queue.shift()) {
        const r = await ask({ before: gap[1], from: gap[0] });
        bytes += r.bytes;
        const page: Page = r.data ?? {};
        const list = Array.isArray(page.products) ? page.products : [];
        // A full answer covers [its last id, hi); the rest of the gap is asked again.
        const cut = typeof page.next === 'number' && list.length > 0 ? page.next : undefined;
        const rest: Gap | undefined = cut !== undefined && cut > gap[0] ? [gap[0], cut] : undefined;
        if (rest) queue.push(rest);
        await write(list, [cut ?? gap[0], gap[1]], gap, rest);
        rows += list.length;
      }
    };
    // Settled, not Promise.all: a failure waits for the other page in flight, so no write outlives the pull.
    const failed = (await Promise.allSettled(Array.from({ length: SIDE_BY_SIDE }, worker))).find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  } finally {
    syncStatus.set({ progress: undefined });
  }
  return { status: 200, mode: 'full', bytes, rows, deleted: 0 };
}

/** The walk after a page: its gap replaced by what is left of it (the first page: the server's bounds). */
function nextWalk(walk: PageWalk | undefined, n: number, gap: Gap | undefined, rest: Gap | undefined, first?: Page): PageWalk {
  if (first) {
    const more = typeof first.next === 'number' && n > 0;
    const edges = more ? [first.next!, ...(first.bounds ?? []), 0] : [];
    const gaps: Gap[] = edges.slice(1).map((lo, i) => [lo, edges[i]!] as Gap).filter(([lo, hi]) => hi > lo);
    return { gaps, cursor: first.cursor, total: first.total, written: n };
  }
  const same = (g: Gap) => gap && g[0] === gap[0] && g[1] === gap[1];
  const gaps = (walk?.gaps ?? []).filter((g) => !same(g));
  return { ...walk!, gaps: rest ? [...gaps, rest] : gaps, written: (walk?.written ?? 0) + n };
}

/**
 * One page in one transaction: its rows (not those the outbox or a recent local write holds), the
 * removal of local rows in its id range that it no longer lists, and where the walk stands; after
 * the last page, the delta cursor of the first page (changes made while walking come next).
 */
async function writePage(
  spec: ListSpec, cid: number, list: Row[], [lo, hi]: Gap, advance: (walk: PageWalk | undefined) => PageWalk, started: number, etag?: string,
): Promise<PageWalk> {
  const d = db();
  const written: number[] = [];
  let walk!: PageWalk;
  await d.transaction('rw', [d.products, d.productPages, d.outbox, d.meta, d.confirmed], async () => {
    const pending = new Set((await d.outbox.toArray()).flatMap((e) => e.entities));
    const held = (id: number) => pending.has(`${spec.entity}:${id}`) || touchedSince(`${spec.entity}:${id}`, started);
    const all = list.map((x) => (spec.toRow ? spec.toRow(x, cid) : x) as unknown as ProductRow);
    // A row the outbox holds keeps its own record (a pending delete: no row at all), so no page copy;
    // the server's version is what a discard puts back.
    for (const x of all) if (pending.has(`${spec.entity}:${x.id}`)) await confirmProduct(x.id, x);
    const rows = all.filter((x) => !held(x.id));
    // Records in the range not held are older news than the page: the page's copy stands now.
    const local = (await d.products.where('[cid+id]').between([cid, lo], [cid, hi], true, false).primaryKeys()) as number[];
    const stale = local.filter((id) => !isTemp(id) && !held(id));
    if (stale.length) await d.products.bulkDelete(stale);
    const dropped = await writePages(cid, rows, { lo, hi });
    written.push(...rows.map((x) => x.id), ...stale, ...dropped);
    walk = advance((await d.meta.get(walkKey(spec, cid)))?.walk);
    if (walk.gaps.length) await d.meta.put({ key: walkKey(spec, cid), walk });
    else {
      await d.meta.delete(walkKey(spec, cid));
      // The etag only stands for a whole list in one answer (a server without the extension).
      await d.meta.put({ key: `${spec.name}:${cid}`, cursor: walk.cursor, etag: walk.cursor ? undefined : etag, at: Date.now() });
    }
  });
  emitChange({ table: 'products', ids: written });
  if (walk.gaps.length) syncStatus.set({ progress: { list: spec.name, done: walk.written, total: Math.max(walk.total ?? 0, walk.written) } });
  return walk;
}
