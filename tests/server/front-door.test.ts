// The shared mechanisms every route inherits: input rules, multipart errors, image checks,
// Fastify's own refusals, and a traceable 5xx. Each is shown on a few routes; fuzz.test.ts covers all.
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_NUL } from '../../src/api/contract/rules/words.ts';
import { PRODUCT_SCREEN } from '../../src/api/contract/slugs.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, DEMO, form } from '../support/http.ts';
import { rawRequest } from '../support/raw-http.ts';
import { BOUNDARY, multipartBody, type Part } from './fuzz.routes.ts';

let s: TestServer;
let acme: number;
let token: string;
const log: string[] = [];
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean)));
  s = await startTestServer({}, { logStream: stream });
  acme = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
  token = await s.tokenFor(DEMO.acme);
});
afterAll(async () => {
  await s.close();
});

const refused = (r: { status: number; body: { success?: unknown; message?: unknown } }, status: number) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.success).toBe(false);
  expect(typeof r.body.message).toBe('string');
};
const company = { name_company: 'Gate Co', country: 'pt', street: 's', city: 'c', region: 'r', zipcode: 'z', sector: 'x' };
const manager = (id: number, email: string) => ({
  id_customer: id,
  name: 'n',
  last_name: 'l',
  email,
  office: 'o',
  password: 'secret123',
  password_confirmation: 'secret123',
});
const corruptPng = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('not really a png at all'),
]);

describe('strings refuse U+0000, in JSON, multipart text parts and query strings', () => {
  it('JSON body', async () => {
    const r = await call(s, 'POST', '/posts/tag/store', { token, body: { id_customer: acme, name: 'a\u0000b' } });
    refused(r, 422);
    expect(r.body.errors.name).toEqual(['The tag field must not contain NUL characters or broken Unicode.']);
  });
  it('a lone surrogate is refused (jsonb cannot hold it); an emoji, a surrogate pair, passes', async () => {
    const lone = await call(s, 'POST', '/posts/tag/store', { token, body: { id_customer: acme, name: 'a\ud800b' } });
    refused(lone, 422);
    expect(Object.keys(lone.body.errors)).toEqual(['name']);
    const emoji = await call(s, 'POST', '/posts/tag/store', { token, body: { id_customer: acme, name: 'sofa \u{1F6CB}' } });
    expect(emoji.status).toBe(200);
  });
  it('query string', async () => {
    const r = await call(s, 'GET', '/gets/dashboard/products/last-registered/show', {
      token,
      query: { id_customer: acme, sku: 'a\u0000b' },
    });
    refused(r, 422);
    expect(Object.keys(r.body.errors)).toEqual(['sku']);
  });
  it('multipart text part', async () => {
    const r = await call(s, 'POST', '/company/register', { form: form({ ...company, city: 'li\u0000sbon' }) });
    refused(r, 422);
    expect(Object.keys(r.body.errors)).toEqual(['city']);
  });
});

describe('integers refuse non-finite and out-of-range values, also as coerced strings', () => {
  it.each(['Infinity', '-Infinity', '1e999', '2147483648', '-2147483649'])('query id_customer=%s', async (v) => {
    const r = await call(s, 'GET', '/gets/product/show', { token, query: { id_customer: v } });
    refused(r, 422);
    expect(Object.keys(r.body.errors)).toEqual(['id_customer']);
  });
  it.each([['"Infinity"'], ['"-1e999"'], ['1e999'], ['2147483648']])('JSON id_customer %s', async (v) => {
    const r = await rawRequest(s.url, {
      method: 'POST',
      path: '/backend/posts/tag/store',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: Buffer.from(`{"id_customer":${v},"name":"x"}`),
    });
    expect(r.status).toBe(422);
    expect(Object.keys((r.json as { errors: object }).errors)).toEqual(['id_customer']);
  });
  it('a path parameter', async () => {
    refused(await call(s, 'GET', '/gets/user/-Infinity', { token }), 422);
  });
});

describe('multipart parser errors are 400s in our shape', () => {
  const send = (body: Buffer, type = `multipart/form-data; boundary=${BOUNDARY}`) =>
    rawRequest(s.url, { method: 'POST', path: '/backend/company/register', headers: { 'content-type': type }, body });
  const parts: Part[] = Object.entries(company).map(([name, value]) => ({ name, value }));
  it.each([
    ['a truncated body', () => send(multipartBody(parts).subarray(0, 120))],
    ['no closing boundary', () => send(multipartBody(parts, BOUNDARY, false))],
    ['no boundary', () => send(multipartBody(parts), 'multipart/form-data')],
    [
      'too many parts',
      () => send(multipartBody([...parts, ...Array.from({ length: 70 }, (_v, i) => ({ name: `p${i}`, value: 'x' }))])),
    ],
    ['a text part over 100 kB', () => send(multipartBody([...parts, { name: 'description', value: 'x'.repeat(150 * 1024) }]))],
    ['a part named __proto__', () => send(multipartBody([{ name: '__proto__', value: 'x' }, ...parts]))],
  ])('%s', async (_label, go) => {
    const r = await go();
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe('images are decoded before anything is written', () => {
  it('refuses a corrupt logo with 422 naming profile_logo, and registers no company', async () => {
    const before = (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM customers'))!.n;
    const r = await call(s, 'POST', '/company/register', {
      form: form(company, { profile_logo: { name: 'logo.png', bytes: corruptPng } }),
    });
    refused(r, 422);
    expect(r.body.errors).toEqual({ profile_logo: ['The file is not a valid image.'] });
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM customers'))!.n).toBe(before);
  });
  it('refuses a corrupt manager picture with 422, leaves no user, and the retry with a good one works', async () => {
    const c = await call(s, 'POST', '/company/register', { form: form(company) });
    const bad = await call(s, 'POST', '/company/manager/register', {
      form: form(manager(c.body.id_customer, 'pic@gate.test'), { picture_profile: { name: 'me.png', bytes: corruptPng } }),
    });
    refused(bad, 422);
    expect(bad.body.errors).toEqual({ picture_profile: ['The file is not a valid image.'] });
    expect(await s.db.one(`SELECT 1 FROM users WHERE email = 'pic@gate.test'`)).toBeUndefined();
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const ok = await call(s, 'POST', '/company/manager/register', {
      form: form(manager(c.body.id_customer, 'pic@gate.test'), { picture_profile: { name: 'me.png', bytes: png } }),
    });
    expect(ok.body).toEqual({ success: true, message: 'Manager registered successfully.' });
  });
  it('refuses a corrupt product image and a corrupt image asset the same way', async () => {
    const product = (await s.db.one<{ id: number }>(`SELECT id FROM products WHERE customer_id = $1 ORDER BY id LIMIT 1`, [
      acme,
    ]))!.id;
    for (const [path, field] of [
      ['/posts/product/resource/store', 'image'],
      ['/posts/product/asset/store', 'file'],
    ] as const) {
      const r = await call(s, 'POST', path, {
        token,
        form: form({ id_product: product }, { [field]: { name: 'x.png', bytes: corruptPng } }),
      });
      refused(r, 422);
      expect(r.body.errors).toEqual({ [field]: ['The file is not a valid image.'] });
    }
  });
});

describe("Fastify's own refusals answer in our shape", () => {
  it.each([
    ['a malformed escape', { method: 'GET', path: '/backend/gets/user/%zz' }, 400],
    ['a bad escape in a static path', { method: 'GET', path: '/backend/api/user%E0%A4%A' }, 400],
    ['an over-long path', { method: 'GET', path: `/backend/gets/user/${'1'.repeat(20_000)}` }, 431],
    [
      'an unknown content type',
      {
        method: 'POST',
        path: '/backend/api/auth/login',
        headers: { 'content-type': 'application/xml' },
        body: Buffer.from('<a/>'),
      },
      415,
    ],
    [
      'invalid JSON',
      {
        method: 'POST',
        path: '/backend/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from('{"email":'),
      },
      400,
    ],
    [
      'an empty JSON body',
      { method: 'POST', path: '/backend/api/auth/login', headers: { 'content-type': 'application/json' }, body: Buffer.alloc(0) },
      400,
    ],
    [
      'a body over 1 MB',
      {
        method: 'POST',
        path: '/backend/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: Buffer.alloc(1_100_000, 32),
      },
      413,
    ],
  ])('%s', async (_label, req, status) => {
    const r = await rawRequest(s.url, req);
    expect(r.status).toBe(status);
    expect(r.json).toMatchObject({ success: false, message: expect.any(String) });
    expect(r.text).not.toMatch(/FST_|statusCode/);
  });
});

describe('a 5xx is traceable', () => {
  it('returns the request id (header and body), logs it with the stack, and shows no SQL', async () => {
    const db = s.app.services.db;
    const broken = {
      ...db,
      query: async (sql: string, params?: unknown[]) => {
        if (/FROM ambients/.test(sql)) throw new Error('relation "ambients" exploded: SELECT secret FROM ambients');
        return db.query(sql, params);
      },
    };
    s.app.services.db = broken as typeof db;
    try {
      const r = await call(s, 'GET', '/template/ambient/get_all', { token });
      expect(r.status).toBe(500);
      const id = r.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.body).toEqual({ success: false, message: 'Internal server error.', request_id: id });
      const line = log
        .map((l) => JSON.parse(l) as { reqId?: string; level: number; err?: { stack?: string } })
        .find((l) => l.reqId === id && l.level >= 50);
      expect(line?.err?.stack).toMatch(/exploded[\s\S]*\n\s+at /);
    } finally {
      s.app.services.db = db;
    }
  });
  it('names every answer with x-request-id, 4xx included', async () => {
    const r = await call(s, 'GET', '/api/user');
    expect(r.status).toBe(401);
    expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the OpenAPI document says what a client needs', () => {
  type Op = Record<string, unknown> & {
    parameters?: { schema: Record<string, unknown> }[];
    requestBody?: {
      content: Record<
        string,
        { schema: { properties: Record<string, Record<string, unknown>> }; encoding?: Record<string, { contentType: string }> }
      >;
    };
  };
  let doc: { paths: Record<string, Record<string, Op>> };
  beforeAll(async () => {
    doc = (await call(s, 'GET', '/docs/json')).body;
  });
  const ops = () =>
    Object.entries(doc.paths).flatMap(([p, m]) => Object.entries(m).map(([method, op]) => ({ key: `${method} ${p}`, op })));

  it('gives every operation its auth, permission and tenancy', () => {
    for (const { key, op } of ops()) {
      expect(['public', 'user', 'staff'], key).toContain(op['x-auth']);
      expect(op['x-public'], key).toBe(op['x-auth'] === 'public');
      expect(Array.isArray(op['x-permission']), key).toBe(true);
      expect('x-tenant' in op, key).toBe(true);
    }
    const product = doc.paths['/gets/product']!.get!;
    expect(product['x-permission']).toEqual([...PRODUCT_SCREEN]); // any section's slug opens the product screen (document 3 §6)
    expect(product['x-tenant']).toEqual({
      customer: { in: 'query', field: 'id_customer' },
      entity: { kind: 'product', in: 'query', field: 'id_product' },
    });
  });
  it('lists the file parts of multipart operations with their accepted types', () => {
    const media = doc.paths['/company/register']!.post!.requestBody!.content['multipart/form-data']!;
    expect(media.schema.properties.profile_logo).toMatchObject({ type: 'string', format: 'binary' });
    expect(media.encoding!.profile_logo!.contentType).toBe('image/jpeg, image/png');
    expect(doc.paths['/company/register']!.post!['x-files']).toEqual({
      profile_logo: {
        kind: 'image',
        required: false,
        extensions: ['jpg', 'jpeg', 'png'],
        contentTypes: ['image/jpeg', 'image/png'],
      },
    });
  });
  it('publishes the input rules: every input string refuses NUL, every integer is finite and in range', () => {
    const walk = (node: unknown, at: string, out: string[]) => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      if (n.type === 'string' && !n.enum && !n.format && n.pattern !== NO_NUL) out.push(`${at}: string without the NUL rule`);
      if (n.type === 'integer' && !n.enum && (n['x-finite'] !== true || n.maximum === undefined || n.minimum === undefined))
        out.push(`${at}: unbounded integer`);
      for (const [k, v] of Object.entries(n)) walk(v, `${at}.${k}`, out);
    };
    const problems: string[] = [];
    for (const { key, op } of ops()) {
      walk(op.parameters, `${key} parameters`, problems);
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
        walk(
          {
            ...media.schema,
            properties: Object.fromEntries(
              Object.entries(media.schema.properties ?? {}).filter(([, v]) => v.format !== 'binary'),
            ),
          },
          `${key} ${type}`,
          problems,
        );
    }
    expect(problems).toEqual([]);
  });
});

describe('request logs', () => {
  it('never record a token: a query token, an e-mailed link and a share key are redacted (issue 40)', async () => {
    const secret = 'Tok3nThatMustNotBeLogged';
    await rawRequest(s.url, { method: 'GET', path: `/backend/gets/user/1?id_user=1&access_token=${secret}` });
    await rawRequest(s.url, { method: 'GET', path: `/reset-password?token=${secret}&email=a%40b.test` });
    await rawRequest(s.url, { method: 'GET', path: `/iframe/360?id_product=1&key=${secret}` });
    await expect.poll(() => log.filter((l) => l.includes('[redacted]')).length).toBeGreaterThanOrEqual(3);
    expect(log.filter((l) => l.includes(secret))).toEqual([]);
  });
});
