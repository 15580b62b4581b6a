// The one HTTP client: base URL, bearer token, and failures normalised to ApiFailure.
// Call functions (src/api/<group>.ts) pass method and path as literals; the types make
// them match the contract entry, which is imported as a type only (no schema code ships).
import axios, { AxiosError, type AxiosInstance } from 'axios';
import type { Body, Endpoint, Query, Reply } from './contract/define.ts';
import { readToken } from './token.ts';

export class ApiFailure extends Error {
  constructor(
    message: string,
    /** Undefined for a network error (offline, dropped connection). */
    readonly status: number | undefined,
    readonly errors?: Record<string, string[]>,
    readonly body?: unknown,
  ) {
    super(message);
  }
  get network() {
    return this.status === undefined;
  }
  /** What kind of refusal, where the server says (an idempotency key's: src/api/contract/idempotency.ts). */
  get code(): string | undefined {
    const code = (this.body as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
  }
  /** Worth retrying: the request may not have reached the server, or the server was overloaded. */
  get transient() {
    return this.status === undefined || this.status >= 500 || this.status === 429;
  }
  /** The server's message, replaced by the first message of the first field where present. */
  get firstFieldMessage() {
    return Object.values(this.errors ?? {})[0]?.[0] ?? this.message;
  }
}

const baseURL = (import.meta.env?.VITE_API_URL as string | undefined) ?? '/backend';

// A 401 to a call that carried the session token means the server ended this session (the user was
// disabled or removed, or the token expired): whoever listens (the shell) sends the tab to Login.
// Public calls without a token (login itself answers 401 to a wrong password) do not count.
const sessionEndListeners = new Set<() => void>();
export function onSessionEnded(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => void sessionEndListeners.delete(listener);
}

function createHttp(options: Parameters<typeof axios.create>[0]): AxiosInstance {
  const instance = axios.create(options);
  instance.interceptors.response.use(undefined, (err: unknown) => {
    if (
      err instanceof AxiosError &&
      err.response?.status === 401 &&
      /^Bearer /.test(String(err.config?.headers?.Authorization ?? ''))
    ) {
      for (const l of sessionEndListeners) l();
    }
    return Promise.reject(err);
  });
  return instance;
}

export let http: AxiosInstance = createHttp({ baseURL, timeout: 60_000 });

/** Points the client elsewhere (tests run it against a server started in-process). */
export function setApiBase(url: string, adapter?: AxiosInstance['defaults']['adapter']) {
  http = createHttp({ baseURL: url, timeout: 60_000, ...(adapter && { adapter }) });
}

export interface SendOptions<E extends Endpoint> {
  query?: Query<E>;
  body?: Body<E> | FormData;
  idempotencyKey?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function send<E extends Endpoint>(method: E['method'], path: E['path'], o: SendOptions<E> = {}): Promise<Reply<E>> {
  const token = readToken();
  try {
    const res = await http.request<Reply<E>>({
      method,
      url: path,
      params: o.query,
      data: o.body,
      signal: o.signal,
      headers: {
        ...(token && { Authorization: `Bearer ${token}` }),
        ...(o.idempotencyKey && { 'Idempotency-Key': o.idempotencyKey }),
        ...o.headers,
      },
    });
    return res.data;
  } catch (err) {
    throw toFailure(err);
  }
}

export function toFailure(err: unknown): ApiFailure {
  if (err instanceof ApiFailure) return err;
  if (err instanceof AxiosError && err.response) {
    const data = err.response.data as { message?: string; errors?: Record<string, string[]> } | undefined;
    return new ApiFailure(data?.message ?? err.message, err.response.status, data?.errors, data);
  }
  return new ApiFailure(err instanceof Error ? err.message : String(err), undefined);
}

/** Turns a plain object (and Blobs) into multipart form data for the multipart calls. */
export function toForm(
  fields: Record<string, string | number | Blob | undefined>,
  fileNames: Record<string, string> = {},
): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    if (v instanceof Blob) f.append(k, v, fileNames[k] ?? (v as File).name ?? 'file');
    else f.append(k, String(v));
  }
  return f;
}
