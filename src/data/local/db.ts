// The local database: the ONLY module that imports Dexie. One versioned schema; a later
// change appends a version with its upgrade function and never edits an earlier one.
import Dexie, { type Table } from 'dexie';
import { legacyActionId } from './actions.ts';
import { commandFromPath, type OutboxCall, type PathCall } from './commands.ts';
import type {
  AccountRow, ActionClaimRow, BlobRow, CompanyRoleRow, ConfirmedRow, CustomerRow, DescriptionRow, DraftFileRow, DraftRow, IdMapRow, IdNameRow, MetaRow, OutboxEntry, ProductCategoryRow, ProductPageRow,
  PersonRow, ProductFileRow, ProductRow, RetailerRow, SavedViewRow, SnapshotRow, TagRow, TemplateCategoryRow, TemplateRow,
} from './types.ts';
import type { BackgroundRow, LayerRow, PresetRow, SectionFileRow } from './imagery-types.ts';
import { coarseTracking } from './coarse-tracking.ts';
import { guardSchema } from './old-tab.ts';
import { liveTransactions, releaseOnPageCache, type PageEvents } from './page-cache.ts';
import { quotaAwareTransaction } from './quota.ts';

export { Dexie };

export class FacetDb extends Dexie {
  customers!: Table<CustomerRow, number>;
  products!: Table<ProductRow, number>;
  templates!: Table<TemplateRow, [number, number]>;
  templateCategories!: Table<TemplateCategoryRow, number>;
  productCategories!: Table<ProductCategoryRow, number>;
  tags!: Table<TagRow, number>;
  ambients!: Table<IdNameRow, number>;
  templateTags!: Table<IdNameRow, number>;
  descriptions!: Table<DescriptionRow, number>;
  productFiles!: Table<ProductFileRow, [number, string]>;
  retailers!: Table<RetailerRow, number>;
  outbox!: Table<OutboxEntry, number>;
  blobs!: Table<BlobRow, number>;
  meta!: Table<MetaRow, string>;
  idmap!: Table<IdMapRow, number>;
  drafts!: Table<DraftRow, string>;
  draftFiles!: Table<DraftFileRow, number>;
  snapshots!: Table<SnapshotRow, string>;
  companyUsers!: Table<PersonRow, [number, number]>;
  companyRoles!: Table<CompanyRoleRow, [number, number]>;
  account!: Table<AccountRow, number>;
  presets!: Table<PresetRow, number>;
  layers!: Table<LayerRow, [number, string, number]>;
  sectionFiles!: Table<SectionFileRow, [number, string, number]>;
  backgrounds!: Table<BackgroundRow, [number, number]>;
  productPages!: Table<ProductPageRow, [number, number, number]>;
  actionClaims!: Table<ActionClaimRow, string>;
  confirmed!: Table<ConfirmedRow, string>;
  savedViews!: Table<SavedViewRow, number>;

  /** Its transactions not yet finished (page-cache.ts: a page leaving for the back/forward cache aborts them). */
  readonly live = liveTransactions();

  constructor(name: string, deps?: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange }) {
    super(name, deps);
    this.use(coarseTracking);
    this.use({ stack: 'dbcore', name: 'live-transactions', create: (down) => ({ ...down, transaction: (...a) => this.live.add(down.transaction(...a)) }) });
    for (const v of VERSIONS) {
      const version = this.version(v.version).stores(v.stores);
      if (v.upgrade) version.upgrade(v.upgrade);
    }
    // Storage pressure: a top-level write that hits the quota evicts cached images and runs again.
    this.transaction = quotaAwareTransaction(this.transaction.bind(this), () => !!Dexie.currentTransaction);
    // A newer tab's schema: this connection closes and writes nothing more (old-tab.ts).
    guardSchema(this, this.verno);
  }
}

/** The version that added the imagery tables (tests/data/imagery-upgrade.test.ts upgrades to it). */
export const IMAGERY_VERSION = 6;

interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: Parameters<ReturnType<Dexie['version']>['upgrade']>[0];
}

/** The version that added the first sync's product pages (tests/data/pages-upgrade.test.ts upgrades to it). */
export const PAGES_VERSION = 7;

/** The version that added the claims of user actions (tests/data/claims-upgrade.test.ts upgrades to it). */
export const CLAIMS_VERSION = 8;

/** The version that made queued calls typed commands (tests/data/commands-upgrade.test.ts upgrades to it). */
export const COMMANDS_VERSION = 9;

/** The version that added the server's confirmed rows (tests/data/confirmed-upgrade.test.ts upgrades to it). */
export const CONFIRMED_VERSION = 10;

/** The version that added the saved views of the catalogue (tests/data/saved-views-upgrade.test.ts upgrades to it). */
export const SAVED_VIEWS_VERSION = 11;

/** The version that numbered the presets (tests/data/preset-numbers-upgrade.test.ts upgrades to it). */
export const PRESET_NUMBERS_VERSION = 12;

/** The version that added the user-management tables (tests/data/people.test.ts upgrades to it). */
export const USERS_VERSION = 5;

/** Append only. Products are keyed by id (ids are global, temp ids negative); templates by
 *  [cid+id] because a public template is in every company's list. */
const VERSIONS: SchemaVersion[] = [
  {
    version: 1,
    stores: {
      customers: 'id',
      products: 'id, cid, [cid+id]',
      templates: '[cid+id], cid, id',
      templateCategories: 'id',
      productCategories: 'id',
      tags: 'id, cid',
      ambients: 'id',
      templateTags: 'id',
      descriptions: 'id, productId',
      productFiles: '[productId+path], productId',
      retailers: 'id',
      outbox: '++id, state, *entities',
      blobs: '++id',
      meta: 'key',
      idmap: 'temp',
    },
  },
  {
    // Outbox entries carry the user action they belong to (see actions.ts); one queued by
    // version 1 becomes an action of its own.
    version: 2,
    stores: { outbox: '++id, state, *entities, action' },
    upgrade: (tx) =>
      tx.table('outbox').toCollection().modify((e: OutboxEntry) => {
        e.action ||= legacyActionId(e.id!);
        e.actionLabel ||= e.label;
      }),
  },
  {
    // Unsent forms (add products, add templates): their fields, and the files chosen in them kept
    // apart so that a keystroke rewrites a small row, never the images. Nothing to convert.
    version: 3,
    stores: { drafts: 'key', draftFiles: '++id, draft' },
  },
  {
    // The last answers of read-only screens (the dashboard, profiles), shown offline with their time.
    version: 4,
    stores: { snapshots: 'key' },
  },
  {
    // User management (issue 13): the current company's people and roles as last pulled, so the
    // screen shows them offline, and the signed-in user's own account. New tables, nothing to convert.
    version: USERS_VERSION,
    stores: { companyUsers: '[cid+id], cid', companyRoles: '[cid+id], cid', account: 'id' },
  },
  {
    // Document 3's imagery lists, mirrored per product (imagery-sync.ts). New tables only: entries
    // queued by earlier versions stay as they are.
    version: IMAGERY_VERSION,
    stores: {
      presets: 'id, [productId+section]',
      layers: '[productId+section+angle], [productId+section]',
      sectionFiles: '[productId+list+id], [productId+list]',
      backgrounds: '[productId+position], productId',
    },
  },
  {
    // The first sync's pages of products (product-pages.ts). A new table: the per-product records
    // of earlier versions stay and are read as before (a record wins over a page's copy).
    version: PAGES_VERSION,
    stores: { productPages: '[cid+hi+lo]' },
  },
  {
    // The user actions already queued (action-claims.ts), so a repeat of one queues nothing. An
    // action with entries queued by version 7 is claimed here; those entries keep their keys (one
    // may have reached the server already, whose stored answer a resend must meet).
    version: CLAIMS_VERSION,
    stores: { actionClaims: 'id, at' },
    upgrade: async (tx) => {
      const at = Date.now();
      const ids = new Set((await tx.table('outbox').toArray()).map((e: OutboxEntry) => e.action));
      await tx.table('actionClaims').bulkPut([...ids].map((id) => ({ id, at })));
    },
  },
  {
    // A queued call names its contract entry and carries typed fields (commands.ts), no longer a URL.
    // Every entry queued by version 8 is converted in place (key, action, state, dependencies and
    // Blob kept); one whose method and path no entry of today's contract has stays a legacy call,
    // sent as it was.
    version: COMMANDS_VERSION,
    stores: {},
    upgrade: (tx) =>
      tx.table('outbox').toCollection().modify((e: { call: OutboxCall | PathCall }) => {
        if (!('command' in e.call)) e.call = commandFromPath(e.call);
      }),
  },
  {
    // The server's last confirmed version of each row a queued action changes (confirmed.ts), which
    // Discard puts back at once. A new table: rows changed by entries queued before it get theirs
    // from the next pull (a pull of a held row records the server's version there).
    version: CONFIRMED_VERSION,
    stores: { confirmed: 'entity' },
  },
  {
    // The signed-in user's saved views of the catalogue (issue 28), per company, pulled with the other
    // lists. A new table: entries queued by earlier versions stay as they are.
    version: SAVED_VIEWS_VERSION,
    stores: { savedViews: 'id, cid' },
  },
  {
    // A preset keeps the number it was made with (issue 43: its name no longer follows its place). The
    // presets held here are numbered as the server's migration 020 numbers its rows: by id within the
    // product's section, then those still queued (temp ids) in the order they were made. Queued entries
    // stay as they are; the next pull brings the server's numbers.
    version: PRESET_NUMBERS_VERSION,
    stores: {},
    upgrade: async (tx) => {
      const rows = (await tx.table('presets').toArray()) as PresetRow[];
      // Saved ones by id; queued ones after them, by time (a later temp id is a lower number).
      const older = (a: PresetRow, b: PresetRow) =>
        a.id > 0 !== b.id > 0 ? b.id - a.id : a.id > 0 ? a.id - b.id : a.created_at.localeCompare(b.created_at) || b.id - a.id;
      rows.sort(older);
      const next = new Map<string, number>();
      for (const p of rows) {
        const key = `${p.productId}|${p.section}`;
        p.number = (next.get(key) ?? 0) + 1;
        next.set(key, p.number);
      }
      await tx.table('presets').bulkPut(rows);
    },
  },
];

/** The versions as declared, in order (tests/unit/schema-numbers.test.ts: increasing, each frozen and upgrade-tested). */
export const SCHEMA_VERSIONS: readonly Pick<SchemaVersion, 'version' | 'stores'>[] = VERSIONS;

export const DB_NAME = 'facet';
let current: FacetDb | undefined;
let pageCacheWatched = false;
let epoch = 0;
const openers = new Set<() => void>();

/** The open database (opened on first use with the browser's IndexedDB). */
export function db(): FacetDb {
  if (!current) {
    current = new FacetDb(DB_NAME);
    // A page (not the service worker, which has no pagehide) gives its connection up to the page cache.
    const page = (globalThis as { document?: unknown }).document ? (globalThis as unknown as PageEvents) : undefined;
    if (!pageCacheWatched && page) {
      pageCacheWatched = true;
      releaseOnPageCache(page, () => current && releaseConnection(current));
    }
  }
  return current;
}

/**
 * A page opens the database as it starts, not on first use. WebKit cancels only a *blocked* open
 * request of a page going into the back/forward cache: an open whose upgrade (the first one of a
 * profile, or a new schema's) answers once the page is cached keeps its versionchange transaction
 * for ever, and every later open of the origin waits on it (the first-sync journey: the product
 * opened right after sign-in stayed on "Syncing", and a new open did not answer). Opened at the
 * start, the upgrade runs while the page loads, before a person (or a bookmark) goes on.
 */
export function openAtStart(): void {
  void db().open().catch(() => undefined); // a failure shows on first use, with its words
}

/** Aborts the connection's unfinished transactions and closes it at once (a page leaving for the back/forward cache). */
export function releaseConnection(d: FacetDb): void {
  d.close({ disableAutoOpen: true });
  d.live.abortAll();
}

/** The instance generation: a drain started under an older one stops (a "reload" in tests). */
export const dbEpoch = () => epoch;

/**
 * Closes the current instance and opens a new one on the same (or a given) IndexedDB, as a page
 * reload would. Tests pass fake-indexeddb's IDBFactory here.
 */
export function openLocal(opts: { name?: string; indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {}): FacetDb {
  // As a reload does: the old page's unfinished transactions are aborted (a close alone let one run on
  // beside the new instance, which saw it half done: tests/unit/reload-atomic.test.ts).
  if (current) releaseConnection(current);
  epoch++;
  const deps = opts.indexedDB && opts.IDBKeyRange ? { indexedDB: opts.indexedDB, IDBKeyRange: opts.IDBKeyRange } : undefined;
  current = new FacetDb(opts.name ?? DB_NAME, deps);
  for (const f of openers) f();
  return current;
}

/** Runtime modules reset their in-memory state when a new instance opens. */
export function onOpen(f: () => void): () => void {
  openers.add(f);
  return () => openers.delete(f);
}

/** Every table, for logout: the writes under way are stopped first, so none lands after the clear. */
export async function clearAll(): Promise<void> {
  const d = db();
  d.live.abortAll();
  await d.transaction('rw', d.tables, async () => {
    for (const t of d.tables) await t.clear();
  });
}

/**
 * Logout: the connection closes and stays closed (Dexie 4's close does not reopen on the next call), so
 * a pull, a live poke or a draft's flush still under way writes nothing into the emptied database
 * before the page leaves for /login. Closing alone let a transaction already queued behind the clear
 * commit after it (an IndexedDB close waits for its transactions): they are aborted.
 */
export function sealLocalDb(): void {
  if (current) releaseConnection(current);
}

export const minKey = Dexie.minKey;
export const maxKey = Dexie.maxKey;
