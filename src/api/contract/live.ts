// The live channel (issue 44), our extension of the specs: one stream per browser that tells the portal
// what changed, so that it pulls. Events are pokes, never data: the pull stays the one path by which rows
// enter the mirror. Transport: Server-Sent Events read with fetch (it can send the bearer header).
import { Type } from '@sinclair/typebox';
import { endpoint } from './define.ts';
import { liveRules } from './rules/live.ts';
import { schemaOf } from './rules/schema.ts';
import { INFO_READ, type Slug } from './slugs.ts';

const IMAGERY_READ: readonly Slug[] = [
  'reader-vignette-access',
  'editor-vignette-access',
  'reader-silo-access',
  'editor-silo-access',
  'reader-360-access',
  'editor-360-access',
];

/** GET: the stream (text/event-stream). Query `companies=1,2` (the companies the open tabs show; -1 for staff's own context). */
export const LIVE_PATH = '/api/live';
/** POST: presence (I have this page open / I left it), sent outside the outbox, keepalive on leaving. */
export const PRESENCE_PATH = '/api/live/presence';

/** What kind of row changed: each names lists of the mirror that a poke makes the client pull. */
export const LIVE_KINDS = [
  'products',
  'templates',
  'presets',
  'uploads',
  'exports',
  'users',
  'roles',
  'rounds',
  'review',
  'savedViews',
  'me',
] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/** The permission any of which lets a user receive a kind's pokes (none: every member of the company). */
export const LIVE_KIND_NEEDS: Record<LiveKind, readonly Slug[]> = {
  products: INFO_READ,
  templates: ['reader-template-access'],
  presets: IMAGERY_READ,
  uploads: IMAGERY_READ,
  /** A user's own export jobs: sent to that user only. */
  exports: [],
  users: ['manage-users'],
  roles: ['manage-roles'],
  rounds: ['dashboard-access'],
  review: INFO_READ,
  /** The caller's own saved views and own account: sent to that user only. */
  savedViews: [],
  me: [],
};

/** Who made the change, when known (for "Changed by {name} just now"). */
export interface LiveActor {
  id: number;
  name: string;
}

export type LiveEvent =
  /** First event of a stream: its id (the server logs each connection's sends under it). */
  | { type: 'hello'; connection: string }
  /** Rows of `kind` changed in `company`: `ids` when the statement touched a few (absent: many; pull the list). */
  | {
      type: 'poke';
      company: number;
      kind: LiveKind;
      ids?: (number | string)[];
      version?: string;
      deleted?: boolean;
      by?: LiveActor;
    }
  /** A job's progress, at most about twice a second; `done` of `total` carried, so a tick needs no pull. */
  | {
      type: 'progress';
      company: number;
      job: 'export' | 'frames';
      id: number | string;
      /** The product the job renders for (added by the server side). */
      product?: number;
      state: 'queued' | 'rendering' | 'ready' | 'failed';
      done?: number;
      total?: number;
    }
  /** Who else has a page open now (product or review page), for the avatars. */
  | { type: 'presence'; company: number; page: string; people: LiveActor[] }
  /** Notices may have been lost (the server's LISTEN reconnected): pull everything. */
  | { type: 'resync' }
  /** The server is stopping (SIGTERM) or the session changed: reconnect (to another process) at once. */
  | { type: 'bye'; reconnect: boolean; reason?: string };

/** The server sends a comment line this often so that proxies keep the stream open. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** A presence entry lasts this long without being renewed. */
export const PRESENCE_TTL_MS = 30_000;

/**
 * A presence POST's JSON body (client side of issue 44, added): I have `page` open in `company` (sent on
 * opening and every PRESENCE_RENEW_MS while the page is visible), or I left it (`left`, sent with
 * keepalive on pagehide). The server answers 204 and sends the page's people as a 'presence' event.
 */
export interface PresenceBody {
  company: number;
  /** presencePage(): 'product:12' or 'review:3'. */
  page: string;
  left?: boolean;
}
/** The page key of presence: a product page (its product id) or a review page (its round id). */
export const presencePage = (kind: 'product' | 'review', id: number): string => `${kind}:${id}`;
/** How often an open, visible page renews its presence (well within PRESENCE_TTL_MS). */
export const PRESENCE_RENEW_MS = 20_000;

// --- Added by the server side (additive): details the server keeps to, and the two calls' entries. ---
// What `ids` name, by kind: products, templates, exports, users, roles, savedViews: those rows;
// presets and uploads: the products whose lists changed; rounds: dashboard rows (pull the dashboard);
// review: the rounds whose review page changed; me: the user. A 'me' poke's company is the company whose
// membership changed, or 0 when the account itself changed. A template shared with every company is poked
// once for each subscribed company whose user may read templates. A progress event of a frame set names
// its product (`product`), as does an export's.

const LiveActorSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

export const live = {
  stream: endpoint({
    method: 'GET',
    path: LIVE_PATH,
    auth: 'user',
    summary:
      'The live channel (our extension): Server-Sent Events, one `data: <LiveEvent JSON>` line per event and a comment ' +
      'line every 15 s; never compressed. 403 for a company not the caller’s, 429 past the connections an account may hold.',
    query: Type.Object({
      companies: Type.Optional(
        schemaOf(liveRules.companies, { description: 'Comma list of company ids (-1: staff’s own context)' }),
      ),
    }),
    stream: true,
    response: Type.String({ description: 'text/event-stream' }),
  }),
  presence: endpoint({
    method: 'POST',
    path: PRESENCE_PATH,
    auth: 'user',
    summary:
      'I have this page open, or left it (our extension; PresenceBody, or `state`; not stored, expires after 30 s unless renewed). ' +
      'Answers who has it open now; the others hear it as a presence event.',
    permission: INFO_READ,
    body: Type.Object({
      company: schemaOf(liveRules.company),
      page: schemaOf(liveRules.page, { description: "'product:<id>' or 'review:<round id>'" }),
      left: Type.Optional(schemaOf(liveRules.left)),
      state: Type.Optional(schemaOf(liveRules.state, { description: "'open' (the default) or 'left'; the same as left: true" })),
    }),
    tenant: { customer: { in: 'body', field: 'company' } },
    response: Type.Object({ success: Type.Literal(true), people: Type.Array(LiveActorSchema) }),
  }),
} as const;
