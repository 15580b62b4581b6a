// How one call of the specs is described. The server registers its routes from
// these entries; the client takes its types from them (import type only).
import { Type, type NumberOptions, type Static, type StringOptions, type TSchema } from '@sinclair/typebox';
import type { Slug } from './slugs.ts';
import type { FileKind } from './rules/files.ts';
import { timestamp } from './rules/timestamp.ts';
import { NO_NUL } from './rules/words.ts';

/** Whose row an id names; the server's guard looks the company up from it. */
/** deletedProduct: a product deleted (soft) and not yet restored: only Undo names one. */
/** reviewRound: a round of review (issue 42), its company's; a foreign or unknown one answers Not found alike. */
export type EntityKind =
  'product' | 'deletedProduct' | 'template' | 'description' | 'user' | 'role' | 'zip' | 'export' | 'reviewRound';

export interface TenantRule {
  /** Where the company id is sent (usually id_customer). */
  customer?: { in: 'query' | 'body'; field: string };
  /** A row whose own company must be one the caller belongs to (404 otherwise). */
  entity?: { kind: EntityKind; in: 'query' | 'body' | 'params'; field: string; allowPublic?: boolean };
}

export interface FileRule {
  kind: FileKind;
  required: boolean;
}

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  /** public: no token; user: any signed-in user; staff: provider staff only. */
  auth: 'public' | 'user' | 'staff';
  /** The caller needs at least one of these slugs in the resolved company. */
  permission?: readonly Slug[];
  /** And every one of these (the review: whoever sees the dashboard's rounds, issue 42). */
  alsoRequires?: readonly Slug[];
  tenant?: TenantRule;
  /** Rate-limited per client (login, forgot-password, public registration). */
  rateLimited?: boolean;
  /** Accepts a token in the access_token query as well as the header (profile page). */
  queryToken?: boolean;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** Present for multipart calls: the file parts and what they may hold. */
  files?: Record<string, FileRule>;
  response: TSchema;
  /**
   * Fields of the answer that are secrets (an access token: `"<id>|<secret>"`). The server never keeps
   * them in plain text: a replayed answer gets a new one (server/http/idempotency).
   */
  secrets?: Readonly<Record<string, 'access-token'>>;
  /**
   * The server builds every row of the answer column by column (nothing to strip), so it is written
   * with JSON.stringify: the schema's serializer took 37 ms for a 5,000-product page, against 10.
   */
  plainJson?: boolean;
  /** A stream (text/event-stream, the live channel): never compressed; the handler writes it itself. */
  stream?: boolean;
}

export const endpoint = <const E extends Endpoint>(e: E): E => e;

type S<T> = T extends TSchema ? Static<T> : undefined;
export type Query<E extends Endpoint> = S<E['query']>;
export type Body<E extends Endpoint> = S<E['body']>;
export type Params<E extends Endpoint> = S<E['params']>;
export type Reply<E extends Endpoint> = Static<E['response']>;

// Shared schema pieces, so that the same field means the same thing in every call.
// The server also applies their input rules to any string or number a contract leaves bare.
/** PostgreSQL's integer range: an id or count outside it cannot name a row. */
export const INT4 = { minimum: -2147483648, maximum: 2147483647 } as const;
/** Refuses Infinity and NaN, which Ajv's coercion lets through from "Infinity" and "1e999" (a server-side keyword). */
export const FINITE = { 'x-finite': true } as const;

export const Str = (max = 255, min = 0, options: StringOptions = {}) =>
  Type.String({ ...options, maxLength: max, minLength: min, pattern: NO_NUL });
export const Int = (minimum: number = INT4.minimum, maximum: number = INT4.maximum, options: NumberOptions = {}) =>
  Type.Integer({ ...options, minimum, maximum, ...FINITE });
export const Num = (options: NumberOptions) => Type.Number({ ...options, ...FINITE });
export const Id = Int(1);
export const CustomerId = Int(-1);
export const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
export const Ok = Type.Object({ success: Type.Literal(true), message: Type.Optional(Type.String()) });
export const IdName = Type.Object({ id: Type.Integer(), name: Type.String() });
export const Timestamp = Type.String({ description: 'ISO 8601' });
/** Our server's delta extension of the product and template lists (the specs' clients never send it). The
 *  handlers run rules/timestamp.ts's rule (its words, not the schema's pattern words). */
export const UpdatedSince = Str(timestamp.max, 0, { description: 'ISO 8601: only rows changed since, plus deleted ids' });
/** The updated_at an edit was based on (a conflict is answered 409), checked like UpdatedSince. */
export const BasedOn = Str(timestamp.max, 0, { description: 'ISO 8601: the updated_at the edit was based on' });
/** Our paging extension of the full product list (resumable first sync): by id, newest first. */
export const PageQuery = {
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 10000, description: 'Rows per page; with it the answer is one page' }),
  ),
  before: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2147483647, description: "Only ids below this: the previous page's next" }),
  ),
  from: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 2147483647, description: 'Only ids from this one up (a range of bounds)' }),
  ),
};
export const PageFields = {
  next: Type.Optional(Type.Integer({ description: 'Send as before for the next page; absent on the last page' })),
  total: Type.Optional(Type.Integer({ description: "The company's product count when the page was read" })),
  bounds: Type.Optional(
    Type.Array(Type.Integer(), {
      description: 'First page only: the last id of every later page, so that they can be fetched side by side',
    }),
  ),
};
export const DeltaFields = {
  deleted: Type.Optional(Type.Array(Type.Integer(), { description: 'ids deleted (or hidden) since updated_since' })),
  cursor: Type.Optional(Type.String({ description: 'ISO 8601: the next updated_since' })),
};

/** Every refusal and every validation error has this shape (a 409 adds the current row). */
export const ErrorReply = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
    /** What kind of refusal, where a client acts on it (idempotency.ts's codes). */
    code: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type ErrorReply = Static<typeof ErrorReply>;
