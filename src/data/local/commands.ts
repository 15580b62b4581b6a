// Typed commands: a queued call names its contract entry ('products.store') and carries that
// entry's query, body and file, typed from the contract's schemas. The method, path and file part
// are the entry's: the table below is checked against the contract at compile time (a path that
// differs from its entry's by one character does not compile), so it is the contract's, without
// shipping TypeBox to the portal and the service worker.
import type { contract } from '../../api/contract/index.ts';
import type { Body, Endpoint, Query } from '../../api/contract/define.ts';

type Scalar = string | number | undefined;

type C = typeof contract;
type Group = keyof C;
/** Every entry of the contract by name: '<group>.<entry>'. */
export type EntryName = { [G in Group]: `${G}.${keyof C[G] & string}` }[Group];
export type EntryOf<N extends EntryName> = N extends `${infer G extends Group}.${infer K}` ? (K extends keyof C[G] ? C[G][K] : never) : never;

type FilePart<E> = E extends { files: infer F } ? { file: keyof F & string } : { file?: undefined };
/** How an entry is sent: its method, path and (multipart) file part, as the contract has them. */
type RouteOf<N extends EntryName> = { method: EntryOf<N>['method']; path: EntryOf<N>['path'] } & FilePart<EntryOf<N>>;
interface Route {
  method: Endpoint['method'];
  path: string;
  file?: string;
}

/** A table of entries by name, each checked against the contract: its method, path and file part. */
export const routes = <const T extends { [K in keyof T]: K extends EntryName ? RouteOf<K> : never }>(t: T): T => t;

/** The entries the outbox sends. */
const ROUTES = routes({
  'products.store': { method: 'POST', path: '/posts/product/store' },
  'products.edit': { method: 'PUT', path: '/puts/product/edit' },
  'products.remove': { method: 'DELETE', path: '/deletes/product/squedule' },
  'productUndo.restore': { method: 'POST', path: '/posts/product/restore' },
  'productBulk.apply': { method: 'POST', path: '/posts/product/bulk' },
  'productBulk.restore': { method: 'POST', path: '/posts/product/bulk/restore' },
  'productInfo.tagStore': { method: 'POST', path: '/posts/tag/store' },
  'productInfo.tagAttach': { method: 'POST', path: '/posts/product/tag/store' },
  'productInfo.tagDetach': { method: 'DELETE', path: '/deletes/product/tag/delete' },
  'productInfo.subcategoryAttach': { method: 'POST', path: '/posts/product/subcategories/store' },
  'productInfo.subcategoryDetach': { method: 'DELETE', path: '/deletes/product/subcategories/delete' },
  'productInfo.imageStore': { method: 'POST', path: '/posts/product/resource/store', file: 'image' },
  'productInfo.assetStore': { method: 'POST', path: '/posts/product/asset/store', file: 'file' },
  'productInfo.assetDelete': { method: 'DELETE', path: '/deletes/product/asset/delete' },
  'productInfo.descriptionStore': { method: 'POST', path: '/posts/product/description/store' },
  'productInfo.descriptionEdit': { method: 'PUT', path: '/puts/product/description/edit' },
  'productInfo.descriptionDelete': { method: 'DELETE', path: '/deletes/product/description/delete' },
  'templates.add': { method: 'POST', path: '/template/add', file: 'image' },
  'templates.edit': { method: 'POST', path: '/template/edit' },
  'templates.delete': { method: 'DELETE', path: '/template/delete' },
  'templates.addAmbient': { method: 'POST', path: '/template/add_ambient' },
  'templates.addTag': { method: 'POST', path: '/template/add_tag' },
  'templates.removeAmbient': { method: 'DELETE', path: '/template/remove_ambient' },
  'templates.removeTag': { method: 'DELETE', path: '/template/remove_tag' },
  'templates.createAmbient': { method: 'POST', path: '/template/ambient/add' },
  'templates.createTag': { method: 'POST', path: '/template/tag/add' },
  'users.editMe': { method: 'PUT', path: '/user/edit' },
  'silo.store': { method: 'POST', path: '/posts/product/automation/silo/config/store' },
  'silo.edit': { method: 'PUT', path: '/puts/product/automation/silo/config/edit' },
  'silo.remove': { method: 'DELETE', path: '/deletes/product/automation/silo/config/delete' },
  'vignette.store': { method: 'POST', path: '/posts/product/automation/vignette/config/store' },
  'vignette.edit': { method: 'PUT', path: '/puts/product/automation/vignette/config/edit' },
  'vignette.remove': { method: 'DELETE', path: '/deletes/product/automation/vignette/config/delete' },
  'spin360.store': { method: 'POST', path: '/posts/product/automation/360/config/store' },
  'spin360.edit': { method: 'PUT', path: '/puts/product/automation/360/config/edit' },
  'spin360.remove': { method: 'DELETE', path: '/deletes/product/automation/360/config/delete' },
  'imageryUploads.siloStore': { method: 'POST', path: '/posts/product/images-uploaded/store', file: 'file_image' },
  'imageryUploads.vignetteStore': { method: 'POST', path: '/posts/product/images-uploaded/vignette/store', file: 'file_image' },
  'imageryUploads.newGroup360': { method: 'GET', path: '/gets/product/images-uploaded/360/new-group' },
  'imageryUploads.store360': { method: 'POST', path: '/posts/product/images-uploaded/360/store', file: 'file_image' },
  'imageryUploads.store3dFile': { method: 'POST', path: '/posts/product/images-uploaded/3dfiles/store', file: 'file_image' },
  'imageryUploads.storeVideo': { method: 'POST', path: '/posts/product/images-uploaded/videos/store', file: 'file_image' },
  'imageryUploads.viewerImage': { method: 'POST', path: '/posts/product/viewer/imagelazyload/store', file: 'file' },
  'savedViews.store': { method: 'POST', path: '/posts/saved-views/store' },
  'savedViews.rename': { method: 'PUT', path: '/puts/saved-views/rename' },
  'savedViews.remove': { method: 'DELETE', path: '/deletes/saved-views/delete' },
  'review.pinStore': { method: 'POST', path: '/posts/review/pin/store' },
  'review.replyStore': { method: 'POST', path: '/posts/review/pin/reply' },
  'review.pinState': { method: 'PUT', path: '/puts/review/pin/state' },
  'review.decide': { method: 'POST', path: '/posts/review/decision' },
});

export type Command = keyof typeof ROUTES;
export const COMMANDS = Object.keys(ROUTES) as Command[];

/** One queued call of a contract entry: its query and body typed from the entry's schemas, its file a stored Blob. */
export type CommandCall<N extends Command = Command> = N extends Command
  ? {
    command: N;
    query?: Query<EntryOf<N>>;
    body?: Body<EntryOf<N>>;
    /** A multipart entry's file (db.blobs); the part's name is the entry's. */
    upload?: { blobId: number };
  }
  : never;

/**
 * An entry queued by an older release whose method and path name no entry of today's contract
 * (Dexie version 9 could not map it): sent exactly as it was queued.
 */
export interface LegacyCall {
  command: 'legacy';
  method: Endpoint['method'];
  path: string;
  query?: Record<string, Scalar>;
  body?: Record<string, Scalar>;
  upload?: { field: string; blobId: number };
}

export type OutboxCall = CommandCall | LegacyCall;

/** How a queued call is sent. */
export function routeOf(call: OutboxCall): Route {
  if (call.command === 'legacy') return { method: call.method, path: call.path, file: call.upload?.field };
  return ROUTES[call.command];
}

/** The command an older release's call was for (its method and path), if today's contract has it. */
export function commandOf(method: string, path: string): Command | undefined {
  return COMMANDS.find((c) => ROUTES[c].method === method && ROUTES[c].path === path);
}

/** A call's query or body as plain fields (temp-id rewriting, the imagery lists' product id). */
export const fieldsOf = (o: object | undefined): Record<string, Scalar> => (o ?? {}) as Record<string, Scalar>;

/** A call as Dexie versions 1 to 8 stored it: a method and a URL path. */
export interface PathCall {
  method: Endpoint['method'];
  path: string;
  query?: Record<string, Scalar>;
  body?: Record<string, Scalar>;
  upload?: { field: string; blobId: number };
}

/**
 * The typed command of a call queued by an older release (Dexie version 9's upgrade). A call whose
 * method, path and file part name no entry of today's contract stays as it was, sent as a legacy call.
 */
export function commandFromPath(old: PathCall): OutboxCall {
  const command = commandOf(old.method, old.path);
  const route: Route | undefined = command && ROUTES[command];
  if (!command || old.upload?.field !== route?.file) return { ...old, command: 'legacy' };
  return {
    command,
    ...(old.query && { query: old.query }),
    ...(old.body && { body: old.body }),
    ...(old.upload && { upload: { blobId: old.upload.blobId } }),
  } as OutboxCall;
}
