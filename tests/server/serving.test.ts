// Issue 12, serving: precompressed portal files (brotli, else gzip), API JSON over 1 kB compressed,
// a year of immutable caching for hashed /assets, revalidation for index.html, sw.js and the
// manifest, and ETags on /storage. The portal is a small dist made here (the build's plugin writes
// the .br/.gz copies with the same function), so no Vite build is needed.
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../scripts/precompress.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DEMO } from '../support/http.ts';
import { TMP } from '../support/seed-snapshot.ts';

let s: TestServer;
let token: string;
const dist = mkdtempSync(join(TMP, 'dist-'));
const js = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;
const html = `<!doctype html><html><head><title>Facet</title><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<div id="root"></div>'.repeat(60)}</body></html>`;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), js);
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'sw.js'), `self.addEventListener('fetch', () => {});\n${'// precache list\n'.repeat(100)}`);
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Facet', short_name: 'Facet' }));
  for (const f of ['assets/index-AbC123.js', 'index.html']) precompressFile(join(dist, f));
  s = await startTestServer({ distDir: dist });
  token = await s.tokenFor(DEMO.acme);
});
afterAll(async () => {
  await s.close();
});

const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });

describe('portal files', () => {
  it('the build writes brotli and gzip copies next to each text file', () => {
    expect(readdirSync(join(dist, 'assets')).sort()).toEqual(['index-AbC123.js', 'index-AbC123.js.br', 'index-AbC123.js.gz']);
  });

  it('hashed assets: brotli where accepted, else gzip, else plain; immutable for a year', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.rawPayload.length).toBeLessThan(js.length / 3);

    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('index.html (also as the fallback of a client route), sw.js and the manifest are always revalidated', async () => {
    for (const url of ['/index.html', '/dashboard', '/admin', '/sw.js', '/manifest.webmanifest']) {
      const r = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.headers.etag ?? r.headers['last-modified'], url).toBeTruthy();
    }
    const page = await get('/dashboard', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(html);
    // No copy on disk (sw.js here): compressed on the way out.
    const sw = await get('/sw.js', { 'accept-encoding': 'gzip' });
    expect(sw.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(sw.rawPayload).toString()).toContain("addEventListener('fetch'");
  });
});

describe('stored files', () => {
  it('carry an ETag, answer 304 to it, and may be cached for a week by the browser alone (private)', async () => {
    const path = (await s.db.one<{ image: string }>('SELECT image FROM achievements ORDER BY id LIMIT 1'))!.image;
    const r = await get(`/storage/${path}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers.etag).toBeTruthy();
    expect(r.headers['cache-control']).toBe('private, max-age=604800');
    const again = await get(`/storage/${path}`, { 'if-none-match': String(r.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});

describe('API answers', () => {
  const auth = { authorization: `Bearer ${'x'}` };
  it('JSON over 1 kB goes out brotli or gzip; small answers stay plain', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const acme = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
    const url = `/backend/gets/roomsets/templates/show?id_customer=${acme}`;
    const list = await get(url, { ...headers, 'accept-encoding': 'br, gzip' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(list.rawPayload).toString()) as { templates: unknown[] };
    expect(body.templates.length).toBeGreaterThan(3);
    expect(list.headers.etag).toBeTruthy();
    // The ETag names the JSON, whatever the encoding: a repeat gets its 304.
    const again = await get(url, { ...headers, 'accept-encoding': 'br, gzip', 'if-none-match': String(list.headers.etag) });
    expect(again.statusCode).toBe(304);

    const gz = await get(url, { ...headers, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(body);

    const small = await get('/backend/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ success: true });
    const refused = await get('/backend/api/user', { ...auth, 'accept-encoding': 'br' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('the product list keeps its own cached gzip copy (not compressed twice)', async () => {
    const acme = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
    const r = await get(`/backend/gets/product/show?id_customer=${acme}`, {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'gzip, br',
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(r.rawPayload).toString()) as { products: unknown[] }).products.length).toBeGreaterThan(10);
  });
});
