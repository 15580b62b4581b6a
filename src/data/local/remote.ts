// The data layer's two ways to the server, both over the API layer's axios instance:
// list pulls with If-None-Match (304 aware, bytes counted) and queued calls with their key.
import type { Endpoint } from '../../api/contract/define.ts';
import { http, send, toFailure, toForm } from '../../api/client.ts';
import { readToken, storeToken } from '../../api/token.ts';
import { fieldsOf, routeOf, type OutboxCall } from './commands.ts';
import type { Scalar } from './types.ts';
import { listPath, type ListEntry } from './lists.ts';

export interface ListReply<T = unknown> {
  status: 200 | 304;
  data?: T;
  etag?: string;
  /** Body bytes plus response header bytes, as a rough transfer figure. */
  bytes: number;
}

/** One list of the mirror, by its contract entry (lists.ts). */
export async function getList<T>(entry: ListEntry, query: Record<string, Scalar>, etag?: string): Promise<ListReply<T>> {
  const token = readToken();
  try {
    const res = await http.request<string>({
      method: 'GET',
      url: listPath(entry),
      params: query,
      responseType: 'text',
      transformResponse: [(d: unknown) => d],
      validateStatus: (s) => (s >= 200 && s < 300) || s === 304,
      headers: {
        ...(token && { Authorization: `Bearer ${token}` }),
        ...(etag && { 'If-None-Match': etag }),
      },
    });
    const headers = Object.entries(res.headers ?? {}).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
    const text = typeof res.data === 'string' ? res.data : '';
    const tag = res.headers?.etag as string | undefined;
    if (res.status === 304) return { status: 304, etag: tag ?? etag, bytes: headers + text.length };
    return { status: 200, data: JSON.parse(text) as T, etag: tag, bytes: headers + text.length };
  } catch (err) {
    throw toFailure(err);
  }
}

/**
 * The session token, also where there is no document (the service worker's sync event reads the
 * user_token cookie through the Cookie Store API). Undefined: signed out, nothing may be sent.
 */
export async function ensureToken(): Promise<string | undefined> {
  const token = readToken();
  if (token) return token;
  const store = (globalThis as { cookieStore?: { get(name: string): Promise<{ value?: string } | null> } }).cookieStore;
  const value = store ? (await store.get('user_token').catch(() => null))?.value : undefined;
  if (value) storeToken(decodeURIComponent(value));
  return value || undefined;
}

/**
 * Sends one queued call: the method, path and file part are its contract entry's (commands.ts). The
 * Blob, if any, goes as that part.
 */
export function sendQueued(call: OutboxCall, o: { body?: object; file?: { blob: Blob; name: string }; key: string }): Promise<unknown> {
  const { method, path, file: field } = routeOf(call);
  const fields = fieldsOf(o.body);
  const body = o.file && field ? toForm({ ...fields, [field]: o.file.blob }, { [field]: o.file.name }) : fields;
  return send<Endpoint>(method, path, { query: fieldsOf(call.query), body: o.body || o.file ? body : undefined, idempotencyKey: o.key });
}
