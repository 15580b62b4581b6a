// The fuzz test's view of the API, read from /backend/docs/json only: a route added later is
// fuzzed without a line of test code. Also turns one input into the raw HTTP request.
import type { RawRequest } from '../support/raw-http.ts';

export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
}

export type Where = 'params' | 'query' | 'body';
export interface Field {
  where: Where;
  name: string;
  schema: Schema;
  required: boolean;
}
export interface FileField {
  name: string;
  kind: string;
  required: boolean;
  extensions: string[];
}
interface TenantField {
  in: Where;
  field: string;
}

export interface FuzzRoute {
  key: string;
  method: string;
  /** The spec's path, "{id}" style, without the API prefix. */
  path: string;
  auth: 'public' | 'user' | 'staff';
  queryToken: boolean;
  /** A stream (the live channel): a valid call's answer never ends. */
  stream: boolean;
  tenant: { customer?: TenantField; entity?: TenantField & { kind: string } } | null;
  fields: Field[];
  hasBody: boolean;
  multipart: boolean;
  files: FileField[];
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  'x-auth'?: FuzzRoute['auth'];
  'x-tenant'?: FuzzRoute['tenant'];
  'x-query-token'?: string;
  'x-stream'?: string;
  'x-files'?: Record<string, Omit<FileField, 'name'>>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

export function routesOf(doc: OpenApiDoc): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const fields: Field[] = (op.parameters ?? [])
        .filter((p) => p.in === 'query' || p.in === 'path')
        .map((p) => ({
          where: p.in === 'path' ? 'params' : 'query',
          name: p.name,
          schema: p.schema,
          required: !!p.required || p.in === 'path',
        }));
      const content = op.requestBody?.content ?? {};
      const multipart = 'multipart/form-data' in content;
      const bodySchema = (content['application/json'] ?? content['multipart/form-data'])?.schema;
      const files = Object.entries(op['x-files'] ?? {}).map(([name, f]) => ({ ...f, name }));
      const fileNames = new Set(files.map((f) => f.name));
      for (const [name, schema] of Object.entries(bodySchema?.properties ?? {})) {
        if (fileNames.has(name)) continue;
        fields.push({ where: 'body', name, schema, required: (bodySchema?.required ?? []).includes(name) });
      }
      routes.push({
        key: `${m.toUpperCase()} ${path}`,
        method: m.toUpperCase(),
        path,
        auth: op['x-auth'] ?? 'user',
        queryToken: !!op['x-query-token'],
        stream: !!op['x-stream'],
        tenant: op['x-tenant'] ?? null,
        fields,
        hasBody: !!bodySchema,
        multipart,
        files,
      });
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

export interface FilePart {
  filename: string;
  bytes: Buffer;
  contentType?: string;
}

/** One request, still structured; `raw*` fields override what serialisation would produce. */
export interface Input {
  token?: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  files: Record<string, FilePart>;
  rawPath?: string;
  rawQuery?: string;
  rawBody?: Buffer;
  contentType?: string;
  /** Multipart routes: send the body as JSON instead. */
  asJson?: boolean;
}

/** A JSON token that JSON.stringify cannot write (1e999, NaN): put RAW(text) where the value goes. */
const MARK = '\u0001raw:';
export const RAW = (token: string) => `${MARK}${token}${MARK}`;
/** The text of a RAW token (or of any other value). */
export const rawText = (v: unknown) => String(v).split(MARK).join('');
const unraw = (json: string) => json.replace(/"\\u0001raw:(.*?)\\u0001raw:"/g, '$1');

/** Percent-encodes the UTF-8 bytes (encodeURIComponent throws on a lone surrogate). */
export function escape(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8'))
    out += /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
      ? String.fromCharCode(b)
      : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

export function queryString(q: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) parts.push(`${escape(k)}=${escape(text(one))}`);
  }
  return parts.join('&');
}

export const BOUNDARY = '----facetfuzz7d1f';

export interface Part {
  name: string;
  value?: string;
  file?: FilePart;
  rawHeaders?: string;
}

export function multipartBody(parts: Part[], boundary = BOUNDARY, close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      p.rawHeaders ??
      (p.file
        ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.contentType ?? 'application/octet-stream'}`
        : `Content-Disposition: form-data; name="${p.name}"`);
    chunks.push(
      Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
      p.file ? p.file.bytes : Buffer.from(p.value ?? ''),
      Buffer.from('\r\n'),
    );
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const partsOf = (input: Input): Part[] => [
  ...Object.entries(input.body)
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => ({ name, value: text(v) })),
  ...Object.entries(input.files).map(([name, file]) => ({ name, file })),
];

export function toRaw(route: FuzzRoute, input: Input, prefix: string): RawRequest {
  const path = input.rawPath ?? route.path.replace(/\{(\w+)\}/g, (_m, k: string) => escape(text(input.params[k])));
  const qs = input.rawQuery ?? queryString(input.query);
  const headers: Record<string, string> = {};
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  let body = input.rawBody;
  let contentType = input.contentType;
  if (!body && route.hasBody) {
    if (route.multipart && !input.asJson) {
      body = multipartBody(partsOf(input));
      contentType ??= `multipart/form-data; boundary=${BOUNDARY}`;
    } else {
      body = Buffer.from(unraw(JSON.stringify(input.body)));
      contentType ??= 'application/json';
    }
  }
  if (contentType) headers['content-type'] = contentType;
  return { method: route.method, path: `${prefix}${path}${qs ? `?${qs}` : ''}`, headers, body };
}
