// React hooks over the local database. Screens read from here, never from the network.
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { groupActions } from '../local/index.ts';
import { catalogIndex, type CatalogIndex } from './catalog-query.ts';
import { db } from '../local/index.ts';
import { productRow } from '../local/index.ts';
import { syncStatus } from '../local/index.ts';
import { ApiFailure } from '../../api/client.ts';
import { pullProduct } from '../pull/index.ts';
import { conflictView, type ConflictView } from '../outbox/index.ts';
import type {
  CatalogFilters, CatalogItem, CatalogResult, CustomerRow, DescriptionRow, IdNameRow, PendingAction, ProductCategoryRow,
  ProductFileRow, SyncStatus, TagRow, TemplateCategoryRow, TemplateRow,
} from '../local/index.ts';

export interface PendingChanges {
  /** How many user actions have not reached the server (the badge). */
  count: number;
  /** Oldest first, each with its steps. */
  actions: PendingAction[];
  /** The actions that need the user: parked or in conflict. */
  errors: PendingAction[];
}

/** The "Pending changes" panel's data: one entry per user action, its calls as steps. */
export function usePendingChanges(): PendingChanges {
  const rows = useLiveQuery(() => db().outbox.orderBy('id').toArray(), [], []);
  return useMemo(() => {
    const actions = groupActions(rows);
    return { count: actions.length, actions, errors: actions.filter((a) => a.state === 'parked' || a.state === 'conflict') };
  }, [rows]);
}

/**
 * A conflicting edit (an Info edit, a preset): its fields that differ, mine, theirs and what they were
 * (outbox/conflict.ts); null once it is no conflict (settled), undefined while it is read.
 */
export function useConflict(entryId: number | undefined): ConflictView | null | undefined {
  return useLiveQuery(async () => conflictView(entryId === undefined ? undefined : await db().outbox.get(entryId)) ?? null, [entryId]);
}

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(syncStatus.subscribe, syncStatus.get, syncStatus.get);
}

/** Whether the app last reached the server (its own knowledge, not navigator.onLine), read outside a render. */
export const isOnline = (): boolean => syncStatus.get().online;

const EMPTY: CatalogResult = { items: [], total: 0, ready: false, firstPageFromIndex: true };

/** The whole filtered, sorted catalogue (virtualise the grid); the first page comes from an index. */
export function useCatalog<T extends CatalogItem = CatalogItem>(filters: CatalogFilters): CatalogResult<T> {
  const ix = catalogIndex(filters.kind, filters.customerId);
  const version = useSyncExternalStore(ix.subscribe, ix.getVersion, ix.getVersion);
  const key = JSON.stringify(filters);
  const [firstPage, setFirstPage] = useState<{ ix: CatalogIndex; key: string; items: CatalogItem[] }>();
  useEffect(() => {
    if (ix.ready) return;
    let live = true;
    ix.firstPage(JSON.parse(key) as CatalogFilters).then(
      (items) => live && setFirstPage({ ix, key, items }),
      (err: unknown) => {
        console.warn('[facet] catalogue first page:', err);
        if (live) setFirstPage({ ix, key, items: [] });
      },
    );
    return () => {
      live = false;
    };
  }, [ix, key, version]);
  // The full index (every row of the company) loads only once the first page is committed:
  // started together, the first page's small read waits behind the 100k-row one (seconds).
  const shown = firstPage?.ix;
  useEffect(() => {
    if (shown && !shown.ready) void shown.load().catch((err) => console.warn('[facet] catalogue index:', err));
  }, [shown]);
  return useMemo(() => {
    if (ix.ready) {
      const items = ix.query(JSON.parse(key) as CatalogFilters);
      return { items, total: items.length, ready: true, firstPageFromIndex: false };
    }
    if (firstPage?.key !== key) return EMPTY;
    return { items: firstPage.items, total: firstPage.items.length, ready: false, firstPageFromIndex: true };
    // version re-runs the query after writes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ix, key, version, firstPage]) as CatalogResult<T>;
}

export type PullState = 'pending' | 'done' | 'offline' | 'failed';

/**
 * One product with its information blocks and files, read locally. With a company it is also
 * refreshed from the server, once per visit, and `pull` says how that went ('failed': refused or
 * gone, e.g. 403/404; 'offline': no network, the local copy stands).
 */
export function useProduct(id: number | undefined, customerId?: number) {
  const key = `${id}:${customerId}`;
  const [pulled, setPulled] = useState<{ key: string; s: PullState }>({ key: '', s: 'pending' });
  // A pull that found no connection is tried again when the connection returns.
  const { online } = useSyncStatus();
  const again = pulled.key === key && pulled.s === 'offline' && online;
  const [round, setRound] = useState(0);
  if (again) {
    setPulled({ key, s: 'pending' });
    setRound(round + 1);
  }
  useEffect(() => {
    if (id === undefined || customerId === undefined || id < 0) return;
    let live = true;
    pullOnce(customerId, id).then(
      () => live && setPulled({ key, s: 'done' }),
      (err: unknown) => live && setPulled({ key, s: err instanceof ApiFailure && err.network ? 'offline' : 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [id, customerId, key, round]);
  const data = useLiveQuery(async () => {
    if (id === undefined) return undefined;
    const [product, descriptions, files] = await Promise.all([
      productRow(id),
      db().descriptions.where('productId').equals(id).toArray(),
      db().productFiles.where('productId').equals(id).toArray(),
    ]);
    return product ? { product, descriptions: descriptions as DescriptionRow[], files: files as ProductFileRow[] } : null;
  }, [id]);
  const pull: PullState = id !== undefined && id < 0 ? 'done' : pulled.key === key ? pulled.s : 'pending'; // temp ids: local only
  return { data, pull };
}

// One request per product at a time: a remount (StrictMode's double effect, a quick back and
// forth) joins the pull in flight instead of sending GET /gets/product again.
const inFlight = new Map<string, Promise<void>>();
function pullOnce(cid: number, id: number): Promise<void> {
  const k = `${cid}:${id}`;
  let p = inFlight.get(k);
  if (!p) inFlight.set(k, (p = pullProduct(cid, id).finally(() => inFlight.delete(k))));
  return p;
}

/** Undefined while reading; null when this device does not hold it. */
export function useTemplate(customerId: number, id: number | undefined): TemplateRow | null | undefined {
  return useLiveQuery(async () => (id === undefined ? null : ((await db().templates.get([customerId, id])) ?? null)), [customerId, id]);
}
export const useProductCategories = (): ProductCategoryRow[] | undefined => useLiveQuery(() => db().productCategories.toArray(), []);
export const useTemplateCategories = (): TemplateCategoryRow[] | undefined => useLiveQuery(() => db().templateCategories.toArray(), []);
const NONE: ReadonlySet<number> = new Set();
/**
 * The products some queued action changes (the catalogue marks them pending). The entries are read
 * whole (one getAll): the entities index's uniqueKeys walks a cursor one key per step, 10,000 steps
 * for a bulk action, again at every change of the outbox.
 */
export const usePendingProducts = (): ReadonlySet<number> =>
  useLiveQuery(async () => {
    const ids = new Set<number>();
    for (const e of await db().outbox.toArray()) for (const x of e.entities) if (x.startsWith('product:')) ids.add(Number(x.slice('product:'.length)));
    return ids;
  }, [], NONE);
export const useTags = (customerId: number): TagRow[] | undefined => useLiveQuery(() => db().tags.where('cid').equals(customerId).sortBy('name'), [customerId]);
export const useAmbients = (): IdNameRow[] | undefined => useLiveQuery(() => db().ambients.orderBy('id').toArray(), []);
export const useTemplateTags = (): IdNameRow[] | undefined => useLiveQuery(() => db().templateTags.orderBy('id').toArray(), []);
export const useCustomers = (): CustomerRow[] | undefined => useLiveQuery(() => db().customers.toArray(), []);
/** A queued upload's Blob (to preview an image before it reaches the server). */
export const useQueuedBlob = (id: number | undefined) => useLiveQuery(() => (id === undefined ? undefined : db().blobs.get(id)), [id]);
