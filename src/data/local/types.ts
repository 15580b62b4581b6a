// Shapes shared by the data layer and the screens. Rows are the server's list rows plus
// the company they were pulled for (cid); temp ids are negative (see outbox.ts).
import type { NewIdAt } from './new-ids.ts';
import type { Static } from '@sinclair/typebox';
import type { ProductRow as ProductRowSchema, Description } from '../../api/contract/products.ts';
import type { Template } from '../../api/contract/templates.ts';
import type { CompanyUser, Role } from '../../api/contract/users.ts';
import type { SavedView } from '../../api/contract/saved-views.ts';
import type { OutboxCall } from './commands.ts';

export type ServerProduct = Static<typeof ProductRowSchema>;
export type ServerTemplate = Static<typeof Template>;

/** A product as stored locally; `pendingImages` are queued upload Blobs not yet on the server. */
export interface ProductRow extends Omit<ServerProduct, 'updated_at'> {
  cid: number;
  /** Undefined while the server's value is unknown (after our own change, until the next pull). */
  updated_at?: string;
  pendingImages?: number[];
}
export interface TemplateRow extends ServerTemplate {
  cid: number;
  pendingImage?: number;
}
export interface IdNameRow { id: number; name: string }
/** A saved view of the catalogue (issue 28), the signed-in user's, in company cid; a temp id until the server has it. */
export interface SavedViewRow extends Static<typeof SavedView> { cid: number }
export interface TagRow extends IdNameRow { cid: number }
/** products_allowed: our extension of the customers list (onlyOneProduct, document 2 §5). */
export interface CustomerRow { id: number; company: string; products_allowed?: number }
export interface ProductCategoryRow { id: number; category: string; subcategories: { id: number; subcategory: string }[] }
export interface TemplateCategoryRow { id: number; category: string }
export interface DescriptionRow extends Static<typeof Description> { productId: number }
/** A product's technical file: `name` is the name it was uploaded with (none for files stored before names were kept). */
export interface ProductFileRow { productId: number; path: string; pendingBlob?: number; name?: string }
export interface RetailerRow { id: number; [k: string]: unknown }
/** Up to 1,000 of a company's products as the first sync brought them (product-pages.ts): ids in [lo, hi). */
export interface ProductPageRow { cid: number; hi: number; lo: number; rows: ProductRow[] }
/**
 * The last version the server confirmed of a row that queued actions change (confirmed.ts), kept
 * while an entry touches it so that Discard can put it back at once, offline too. `entity` is the
 * outbox's ('product:12', 'template:5'). A product: its row (undefined: the server has none) and,
 * when known, its blocks and stored files; a template: its row in every company's list.
 */
export type ConfirmedRow =
  | { entity: string; kind: 'product'; row?: ProductRow; descriptions?: DescriptionRow[]; files?: ProductFileRow[] }
  | { entity: string; kind: 'template'; rows: TemplateRow[] }
  | { entity: string; kind: 'savedView'; row?: SavedViewRow };
export interface MetaRow { key: string; etag?: string; cursor?: string; at?: number; walk?: PageWalk }
/** Where an unfinished paged first sync stands (sync-pages.ts): the id ranges [lo, hi) still to fetch, the first page's cursor. */
export interface PageWalk { gaps: [number, number][]; cursor?: string; total?: number; written: number }
export interface BlobRow { id?: number; blob: Blob; name: string }
export interface IdMapRow { temp: number; real: number }
/** A user action already queued (action-claims.ts); `at` is when, for the week it is kept. */
export interface ActionClaimRow { id: string; at: number }
/** An unsent form (drafts.ts): its fields as plain data; its files are DraftFileRows. */
export interface DraftRow { key: string; value: unknown; updatedAt: number }
export interface DraftFileRow { id?: number; draft: string; blob: Blob; name: string; type: string }
/** The last answer of a read-only screen: `key` names it ('dashboard:12'), `at` is when it was fetched. */
export interface SnapshotRow<T = unknown> {
  key: string; data: T; at: number;
  /** When a sent change last wrote into it (a review round): a read begun before that is stale. */
  patchedAt?: number;
}
/** A user of a company (users/company), and a role (customer/roles), pulled for company cid. */
export interface PersonRow extends Static<typeof CompanyUser> { cid: number }
export interface CompanyRoleRow extends Static<typeof Role> { cid: number }
/** The signed-in user's own name, phone and stored photo path. */
export interface AccountRow { id: number; name: string; phone: string | null; photo: string | null }

export type PendingState = 'queued' | 'sending' | 'retrying' | 'parked' | 'conflict';

/** One queued call as the UI sees it: a step of a pending action. */
export interface PendingEntry {
  id: number;
  label: string;
  state: PendingState;
  error?: string;
  createdAt: number;
  /** Refused for its values: Fix opens its form (outbox-fix.ts). */
  fixable?: boolean;
  /** Its product was deleted by someone else: Register it again or Discard (its action's id). */
  productGone?: boolean;
  action?: string;
}

/** What the "Pending changes" panel shows: one user action (a Save, a delete…) with its steps. */
export interface PendingAction {
  id: string;
  label: string;
  /** conflict > parked > sending > retrying > queued, over its steps. */
  state: PendingState;
  /** Why it stopped (parked, conflict) or waits (retrying: the server error being retried): the speaking step's message. */
  message?: string;
  /** When the user acted (its first step was queued), ms since epoch. */
  createdAt: number;
  steps: PendingEntry[];
  /**
   * The conflict that stops it, its own step's or one it waits for: "Review the conflict" opens the
   * field-by-field choice (a 409 is never retried as it is).
   */
  conflictStep?: number;
  /** Labels of other actions that Discard drops with this one (they depend on it). */
  alsoDiscards: string[];
  /** Whether sending again can succeed (a transient failure, a step waiting on one); never for a conflict or a refusal. */
  retryable: boolean;
  /** Its product was deleted by someone else (productCodes.gone): the step "Register it again" starts from. */
  registerAgain?: number;
  /** The refused step whose values the user can correct (Fix), if the action has one. */
  fixStep?: number;
  /**
   * Refused because the studio delivered a newer version of the model (issue 42): the review page of
   * its round, where the new version is ("Review the new version" instead of Retry).
   */
  reviewAgain?: string;
  /** Refused review write (not superseded): its round's page, to see why and pin or decide again. */
  openReview?: string;
}

export interface SyncStatus {
  online: boolean;
  pulling: boolean;
  draining: boolean;
  lastSyncedAt?: number;
  /** A paged first sync under way: "Syncing products: 35,000 of 100,000". */
  progress?: { list: string; done: number; total: number };
}

export type Automation = 'all' | 'sent' | 'not-sent';
export type Visibility = 'public' | 'private' | 'both';

export interface ProductFilters {
  kind: 'products';
  customerId: number;
  /** Name or SKU substring. */
  text?: string;
  id?: number;
  collection?: string;
  /** ISO dates or Date objects, inclusive. */
  from?: string | Date;
  to?: string | Date;
  automation?: Automation;
  categoryId?: number;
  subcategoryId?: number;
  /** Shown first, in id-descending order among themselves. */
  selected?: readonly number[];
  sort?: CatalogSort;
}

export interface TemplateFilters {
  kind: 'templates';
  customerId: number;
  /** Name, id or tag name. */
  text?: string;
  id?: number;
  from?: string | Date;
  to?: string | Date;
  visibility?: Visibility;
  /** A template category is an ambient. */
  categoryId?: number;
  /** The ambient chips switched on: a template with any of them matches. */
  ambientIds?: readonly number[];
  selected?: readonly number[];
  sort?: CatalogSort;
}

/** A sort choice: a field ascending, or descending with a '-' ('-updated'). No choice: best match, then newest. */
export type CatalogSort = 'name' | '-name' | 'sku' | '-sku' | 'created' | '-created' | 'updated' | '-updated';
export type CatalogFilters = ProductFilters | TemplateFilters;
export type CatalogItem = ProductRow | TemplateRow;

export interface CatalogResult<T extends CatalogItem = CatalogItem> {
  items: T[];
  total: number;
  /** The in-memory index is loaded; until then items are the first page read from Dexie. */
  ready: boolean;
  firstPageFromIndex: boolean;
}

export type TempKind =
  'product' | 'tag' | 'description' | 'template' | 'ambient' | 'templateTag' | 'preset' | 'uploadGroup' | 'savedView' | 'reviewPin';
export type Scalar = string | number | undefined;

/** One queued call: a contract entry and its typed query, body and file (commands.ts). Values equal
 *  to a temp id are replaced by the real id at send time. */
export type { OutboxCall };

export interface OutboxEntry {
  id?: number;
  /** The user action this step belongs to (one Save, one delete…); entries of release 1 got `entry-<id>`. */
  action: string;
  /** What the user did, e.g. 'Save ACM-1057'; `label` says what this one step does. */
  actionLabel: string;
  label: string;
  call: OutboxCall;
  /** Idempotency-Key, fixed when the entry is made, so that a resend is recognised. */
  key: string;
  state: PendingState;
  attempts: number;
  /** Not before (ms since epoch); retries back off. */
  nextAt: number;
  error?: string;
  createdAt: number;
  /** The temp id this call creates and where the real one is in the reply. */
  creates?: { temp: number; kind: TempKind; from: NewIdAt };
  /** Entries that must succeed first (explicit, plus earlier entries on the same entity). */
  dependsOn: number[];
  /** 'product:12', 'tag:-3'…: what the call touches; a pull leaves these rows alone. */
  entities: string[];
  /** For an Info or preset edit: the updated_at the edit was based on (undefined: no check). */
  base?: string;
  /** A 409's current server row, kept so that the user can choose. */
  theirs?: unknown;
  /**
   * For an Info or preset edit: the edited row's fields when it was queued (the version it was based
   * on), the ancestor of a conflict's three-way merge (outbox/conflict.ts). Entries of older releases have none.
   */
  was?: Record<string, unknown>;
  /** The failed entry that parked this one. */
  blockedBy?: number;
  /** Message template prefix from document 2 §8, e.g. 'Error adding tag: '. */
  errorPrefix?: string;
  /**
   * Set when it stopped for a reason that sending again cannot fix: a server's 4xx other than
   * 408, 409 and 429 (its status and field errors), or a local one (no status).
   */
  refused?: { status?: number; errors?: Record<string, string[]>; code?: string };
}
