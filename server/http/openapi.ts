// The OpenAPI document at /backend/docs/json says what a client or a tester needs: who may call
// each operation (x-auth, x-permission, x-tenant) and which files a multipart call takes.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Endpoint, FileRule } from '../../src/api/contract/define.ts';
import { EXTENSIONS } from '../../src/api/contract/rules/files.ts';
import { MIME_OF } from '../storage/sniff.ts';

/** What a file field accepts, as the document lists it. */
export function acceptedFiles(rule: FileRule) {
  const extensions = rule.kind === 'any' ? [] : [...EXTENSIONS[rule.kind]];
  const contentTypes =
    rule.kind === 'any' ? ['*/*'] : [...new Set(extensions.map((x) => MIME_OF[x] ?? 'application/octet-stream'))];
  return { kind: rule.kind, required: rule.required, extensions, contentTypes };
}

/** The x- keys of one route's schema; @fastify/swagger copies them onto the operation. */
export function operationExtensions(e: Endpoint): Record<string, unknown> {
  return {
    'x-auth': e.auth,
    'x-public': e.auth === 'public',
    'x-permission': e.permission ?? [],
    ...(e.alsoRequires && { 'x-also-requires': e.alsoRequires }),
    'x-tenant': e.tenant ?? null,
    ...(e.rateLimited && { 'x-rate-limited': true }),
    ...(e.queryToken && { 'x-query-token': 'access_token' }),
    ...(e.stream && { 'x-stream': 'text/event-stream' }),
    ...(e.files && { 'x-files': Object.fromEntries(Object.entries(e.files).map(([name, rule]) => [name, acceptedFiles(rule)])) }),
    security: e.auth === 'public' ? [] : [{ bearer: [] }],
  };
}

type Media = {
  schema?: { type?: string; properties?: Record<string, unknown>; required?: string[] };
  encoding?: Record<string, unknown>;
};
type Operation = {
  'x-files'?: Record<string, ReturnType<typeof acceptedFiles>>;
  requestBody?: { content?: Record<string, Media> };
};

/** Multipart bodies list their file parts (binary, with the accepted types) next to the text parts. */
function addFileParts(op: Operation) {
  const files = op['x-files'];
  if (!files) return;
  op.requestBody ??= { content: {} };
  const content = (op.requestBody.content ??= {});
  const base = content['multipart/form-data']?.schema ?? { type: 'object', properties: {} };
  const schema = { ...base, type: 'object', properties: { ...base.properties }, required: [...(base.required ?? [])] };
  const encoding: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(files)) {
    schema.properties[name] = {
      type: 'string',
      format: 'binary',
      description: f.extensions.length ? `One file: ${f.extensions.join(', ')}` : 'One file of any type',
    };
    if (f.required) schema.required.push(name);
    encoding[name] = { contentType: f.contentTypes.join(', ') };
  }
  if (!schema.required.length) delete (schema as { required?: string[] }).required;
  content['multipart/form-data'] = { schema, encoding };
}

export async function registerOpenApi(app: FastifyInstance, apiPrefix: string) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Facet API', version: '1' },
      servers: [{ url: apiPrefix }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transformObject: (documentObject) => {
      const doc = (documentObject as { openapiObject: { paths?: Record<string, Record<string, Operation>> } }).openapiObject;
      for (const methods of Object.values(doc.paths ?? {})) for (const op of Object.values(methods)) addFileParts(op);
      return doc as never;
    },
  });
}
