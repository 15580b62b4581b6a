// The first sync of a company's products, in pages (our server's limit/before extension): each page
// is written as it arrives, with where the walk stands, in one transaction; so the catalogue fills
// from the first page on, and a dropped connection, a reload or a closed tab resumes after the last
// page written instead of from zero. The next page is fetched while this one is written. A server
// without the extension answers the whole list at once: one "page", a full replace, as before.
import { db } from './db.ts';
import { getList } from './remote.ts';
import { emitChange, syncStatus, tick, touchedSince } from './store.ts';
import { isTemp } from './tempids.ts';
import type { ListResult, ListSpec } from './sync-lists.ts';
import type { ListReply } from './remote.ts';
import type { PageWalk } from './types.ts';

/** Rows per page: about 2.5 MB of JSON (250 kB gzip), a few hundred ms of work on each side. */
let pageSize = 5000;
/** Tests and benches walk small lists in several pages. */
export const setPageSize = (n: number) => void (pageSize = n);

type Row = Record<string, unknown>;
interface Page { products?: Row[]; next?: number; total?: number; cursor?: string }

const walkKey = (spec: ListSpec, cid: number) => `${spec.name}:${cid}:pages`;

/** The walk a reload would resume, if any. */
export async function pendingWalk(spec: ListSpec, cid: number): Promise<PageWalk | undefined> {
  return (await db().meta.get(walkKey(spec, cid)))?.walk;
}

export async function pullPages(spec: ListSpec, cid: number): Promise<ListResult> {
  const started = tick();
  let walk: PageWalk = (await pendingWalk(spec, cid)) ?? { written: 0 };
  // A server without the extension (no cursor, so every pull lands here) may still answer 304.
  const etag = walk.before === undefined ? (await db().meta.get(`${spec.name}:${cid}`))?.etag : undefined;
  const fetchPage = (before?: number) => {
    const p = getList<Page>(spec.path, { id_customer: cid, limit: pageSize, ...(before ? { before } : {}) }, before ? undefined : etag);
    p.catch(() => undefined); // awaited below; a failure while the previous page is written is not unhandled
    return p;
  };
  let bytes = 0;
  let rows = 0;
  let asked = walk.before;
  let next: Promise<ListReply<Page>> | undefined = fetchPage(asked);
  try {
    while (next) {
      const r: ListReply<Page> = await next;
      bytes += r.bytes;
      if (r.status === 304) {
        next = undefined;
        return { status: 304, mode: 'unchanged', bytes, rows: 0, deleted: 0 };
      }
      const page: Page = r.data ?? {};
      const list = Array.isArray(page.products) ? page.products : [];
      const more: boolean = typeof page.next === 'number' && list.length > 0;
      next = more ? fetchPage(page.next) : undefined;
      walk = { before: more ? page.next : undefined, cursor: walk.cursor ?? page.cursor, total: walk.total ?? page.total, written: walk.written + list.length };
      // This page stands for every id in [its last id, the before it was asked with); the last page for all below.
      await writePage(spec, cid, list, { lo: more ? page.next! : 0, hi: asked ?? Number.MAX_SAFE_INTEGER }, more ? walk : undefined, started, { cursor: walk.cursor, etag: r.etag });
      asked = walk.before;
      rows += list.length;
      syncStatus.set({ progress: more ? { list: spec.name, done: walk.written, total: Math.max(walk.total ?? 0, walk.written) } : undefined });
    }
  } finally {
    if (next) syncStatus.set({ progress: undefined });
  }
  return { status: 200, mode: 'full', bytes, rows, deleted: 0 };
}

/**
 * One page in one transaction: its rows (not those the outbox or a recent local write holds), the
 * removal of local rows in its id range that it no longer lists, and where the walk stands; after
 * the last page, the delta cursor of the first page (changes made while walking come next).
 */
async function writePage(
  spec: ListSpec, cid: number, list: Row[], range: { lo: number; hi: number }, walk: PageWalk | undefined, started: number, end: { cursor?: string; etag?: string },
) {
  const d = db();
  const table = spec.table();
  const written: number[] = [];
  await d.transaction('rw', [table, d.outbox, d.meta], async () => {
    const pending = new Set((await d.outbox.toArray()).flatMap((e) => e.entities));
    const held = (id: number) => pending.has(`${spec.entity}:${id}`) || touchedSince(`${spec.entity}:${id}`, started);
    const incoming = list.map((x) => (spec.toRow ? spec.toRow(x, cid) : x));
    const put = incoming.filter((x) => !held(x.id as number));
    const listed = new Set(incoming.map((x) => x.id as number));
    const local = (await table.where('[cid+id]').between([cid, range.lo], [cid, range.hi], true, false).primaryKeys()) as number[];
    const gone = local.filter((id) => !listed.has(id) && !isTemp(id) && !held(id));
    if (gone.length) await table.bulkDelete(gone);
    if (put.length) await table.bulkPut(put);
    written.push(...put.map((x) => x.id as number), ...gone);
    if (walk) await d.meta.put({ key: walkKey(spec, cid), walk });
    else {
      await d.meta.delete(walkKey(spec, cid));
      // The etag only stands for a whole list in one answer (a server without the extension).
      await d.meta.put({ key: `${spec.name}:${cid}`, cursor: end.cursor, etag: end.cursor ? undefined : end.etag, at: Date.now() });
    }
  });
  emitChange({ table: 'products', ids: written });
}
