// Calls the real server over HTTP, as the portal does.
import type { TestServer } from './server.ts';

export interface CallOptions {
  token?: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(
  s: Pick<TestServer, 'api'>,
  method: string,
  path: string,
  o: CallOptions = {},
): Promise<CallResult<T>> {
  const url = new URL(`${s.api}${path}`);
  for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  let body: BodyInit | undefined;
  if (o.form) body = o.form;
  else if (o.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.body);
  }
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** A multipart body; files are given as bytes with a name. */
export function form(
  fields: Record<string, string | number>,
  files: Record<string, { name: string; bytes: Uint8Array; type?: string }> = {},
) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, String(v));
  for (const [k, file] of Object.entries(files))
    f.append(k, new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? 'application/octet-stream' }), file.name);
  return f;
}

export const DEMO = {
  staff: 'staff@facet.test',
  acme: 'manager@acme.test',
  viewer: 'viewer@acme.test',
  borealis: 'manager@borealis.test',
  multi: 'multi@facet.test',
  password: 'demo1234',
} as const;
