// The lists a company's mirror is pulled from, and how one list is applied to its table.
import type { Table } from 'dexie';
import type { ApiFailure } from '../../api/client.ts';
import { putInSlices } from '../local/index.ts';
import { db } from '../local/index.ts';
import { getList } from '../local/index.ts';
import { emitChange, tick, touchedSince } from '../local/index.ts';
import { isTemp } from '../local/index.ts';
import type { ProductScreen } from '../../api/contract/products.ts';
import { INFO_READ } from '../../api/contract/slugs.ts';
import { markSiloPulled, putFileList } from './imagery-sync.ts';
import { confirmProduct, confirmPulled } from '../local/index.ts';
import { pullPages } from './sync-pages.ts';
import type { ListResult, ListSpec } from './list-spec.ts';
import { forgetPaged } from '../local/index.ts';
import type { Static } from '@sinclair/typebox';
import type { ProductRow, Scalar } from '../local/index.ts';
import { fileRows } from '../local/index.ts';

type Row = Record<string, unknown>;
type Key = number | [number, number];


const t = (name: string) => () => (db() as unknown as Record<string, Table<Row, Key>>)[name]!;
export const LISTS: ListSpec[] = [
  { name: 'products', entry: 'products.list', field: 'products', perCompany: true, delta: true, paged: true, entity: 'product', needs: INFO_READ,
    // In place: the rows are freshly parsed, and a copy of 100,000 of them is measurable.
    table: t('products'), toRow: (r, cid) => Object.assign(r, { id: r.id ?? r.id_product, cid }) },
  { name: 'templates', entry: 'catalog.templates', field: 'templates', perCompany: true, delta: true, entity: 'template', needs: ['reader-template-access'],
    table: t('templates'), toRow: (r, cid) => ({ ...r, cid }) },
  { name: 'savedViews', entry: 'savedViews.list', field: 'views', perCompany: true, delta: true, entity: 'savedView', needs: [...INFO_READ, 'reader-template-access'],
    table: t('savedViews'), toRow: (r, cid) => ({ ...r, cid }) },
  { name: 'tags', entry: 'catalog.tags', field: 'tags', perCompany: true, entity: 'tag', needs: INFO_READ, table: t('tags'), toRow: (r, cid) => ({ ...r, cid }) },
  { name: 'productCategories', reference: true, entry: 'catalog.productCategories', field: 'categories', perCompany: false, table: t('productCategories') },
  { name: 'templateCategories', reference: true, entry: 'catalog.templateCategories', field: 'categories', perCompany: false, table: t('templateCategories') },
  { name: 'customers', reference: true, entry: 'catalog.customers', field: 'customers', perCompany: false, table: t('customers') },
  { name: 'ambients', reference: true, entry: 'templates.ambients', field: 'ambients', perCompany: false, entity: 'ambient', table: t('ambients') },
  { name: 'templateTags', reference: true, entry: 'templates.tags', field: 'tags', perCompany: false, entity: 'templateTag', table: t('templateTags') },
  { name: 'retailers', reference: true, entry: 'retailers.list', field: 'data', perCompany: false, table: t('retailers') },
];


/** How long a reference list counts as fresh for a routine pull (focus, after a drain). */
export const REFERENCE_TTL_MS = 5 * 60_000;
export interface PullStats { bytes: number; lists: Record<string, ListResult> }

export async function pullList(spec: ListSpec, cid: number): Promise<ListResult> {
  const d = db();
  const metaKey = `${spec.name}:${cid}`;
  const meta = await d.meta.get(metaKey);
  if (spec.paged && !meta?.cursor) return pullPages(spec, cid);
  const started = tick();
  const query: Record<string, Scalar> = spec.perCompany ? { id_customer: cid } : {};
  if (spec.delta && meta?.cursor) query.updated_since = meta.cursor;
  const r = await getList<Row>(spec.entry, query, meta?.etag);
  if (r.status === 304) {
    await d.meta.put({ ...meta, key: metaKey, at: Date.now() });
    return { status: 304, mode: 'unchanged', bytes: r.bytes, rows: 0, deleted: 0 };
  }
  const body = r.data ?? {};
  const list = body[spec.field];
  const rows = (Array.isArray(list) ? list : []) as Row[];
  const deletedIds = Array.isArray(body.deleted) ? (body.deleted as number[]) : undefined;
  const cursor = typeof body.cursor === 'string' ? body.cursor : undefined;
  const delta = !!(query.updated_since && deletedIds && cursor);
  const table = spec.table();
  const keyOf = (row: Row): Key => (spec.name === 'templates' ? [cid, row.id as number] : (row.id as number));
  let skippedAt: string | undefined;
  let written: number[] = [];
  await d.transaction('rw', [table, d.productPages, d.outbox, d.meta, d.confirmed], async () => {
    const pending = new Set((await d.outbox.toArray()).flatMap((e) => e.entities));
    const held = (id: number) => !!spec.entity && (pending.has(`${spec.entity}:${id}`) || touchedSince(`${spec.entity}:${id}`, started));
    const queued = (id: number) => pending.has(`${spec.entity}:${id}`);
    const incoming = rows.map((x) => (spec.toRow ? spec.toRow(x, cid) : x));
    // A row the outbox holds stays as it is here; the server's version is what a discard puts back.
    for (const x of incoming) if (queued(x.id as number)) await confirmPulled(spec.entity, cid, x.id as number, x);
    const put = incoming.filter((x) => {
      if (!held(x.id as number)) return true;
      const at = x.updated_at as string | undefined;
      if (at && (!skippedAt || at < skippedAt)) skippedAt = at;
      return false;
    });
    let remove: Key[] = [];
    let gone: number[];
    if (delta) gone = deletedIds!;
    else {
      const existing = spec.perCompany ? await table.where('cid').equals(cid).primaryKeys() : await table.toCollection().primaryKeys();
      const keep = new Set(incoming.map((x) => x.id as number));
      gone = existing.map((k) => (Array.isArray(k) ? k[1] : k)).filter((id) => !keep.has(id) && !isTemp(id));
    }
    remove = gone.filter((id) => !held(id)).map((id) => keyOf({ id }));
    for (const id of gone) if (queued(id)) await confirmPulled(spec.entity, cid, id, undefined);
    if (remove.length) await table.bulkDelete(remove);
    if (spec.paged) await forgetPaged(remove as number[]);
    await putInSlices(table, put);
    written = [...put.map((x) => x.id as number), ...remove.map((k) => (Array.isArray(k) ? k[1] : k))];
    // A held row must come back in a later delta: the cursor stays before it.
    const next = cursor && skippedAt && skippedAt < cursor ? new Date(Date.parse(skippedAt) - 1).toISOString() : cursor;
    await d.meta.put({ key: metaKey, etag: skippedAt ? undefined : r.etag, cursor: spec.delta ? next : undefined, at: Date.now() });
  });
  if (spec.name === 'products' || spec.name === 'templates') {
    emitChange({ table: spec.name, ids: delta ? written : 'all' });
  }
  return { status: 200, mode: delta ? 'delta' : 'full', bytes: r.bytes, rows: rows.length, deleted: deletedIds?.length ?? 0 };
}

type FullProduct = Static<typeof ProductScreen>;

/** One product with its blocks and files (the Info section), unless the outbox holds it. */
export async function pullProduct(cid: number, id: number): Promise<void> {
  const d = db();
  const started = tick();
  let product: FullProduct | undefined;
  try {
    const r = await getList<{ product: FullProduct }>('products.get', { id_product: id, id_customer: cid });
    product = r.data?.product;
  } catch (err) {
    if ((err as ApiFailure).status !== 404) throw err;
  }
  // The silo section's uploads come with the product: they go to their own list, whatever holds the row.
  if (product) {
    await putFileList(id, 'silo', product.images_uploaded.map((r) => ({ productId: id, list: 'silo', id: r.id, paths: [r.photo], name: r.name, created_at: r.created_at })));
    await markSiloPulled(id);
  }
  // The server's version in local form: the row, its blocks, its stored files.
  const server = product && (({ descriptions, files, file_names, images_uploaded: _u, sizeImageProduct: _s, ...row }) => ({
    row: { ...row, cid } as ProductRow, descriptions: descriptions.map((x) => ({ ...x, productId: id })), files: fileRows(id, files, file_names),
  }))(product);
  await d.transaction('rw', [d.products, d.productPages, d.descriptions, d.productFiles, d.outbox, d.confirmed], async () => {
    // The outbox holds the row: the server's version is what a discard puts back.
    const queued = (await d.outbox.where('entities').equals(`product:${id}`).count()) > 0;
    if (queued) await confirmProduct(id, server?.row, server ?? {});
    if (queued || touchedSince(`product:${id}`, started)) return;
    if (!server) {
      await d.products.delete(id);
      await forgetPaged([id]);
      await d.descriptions.where('productId').equals(id).delete();
      await d.productFiles.where('productId').equals(id).delete();
      return;
    }
    await d.products.put(server.row);
    await d.descriptions.where('productId').equals(id).filter((x) => !isTemp(x.id)).delete();
    await d.descriptions.bulkPut(server.descriptions);
    await d.productFiles.where('productId').equals(id).filter((f) => f.pendingBlob === undefined).delete();
    await d.productFiles.bulkPut(server.files);
  });
  emitChange({ table: 'products', ids: [id] });
}
