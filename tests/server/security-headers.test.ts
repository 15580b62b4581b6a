// Issue 40: the headers of each scope, as sent. A portal page, a public page (and its not-available
// answer), an API answer (and a 404 outside every route) and stored files of each kind. The portal is a
// small dist made here, as in serving.test.ts.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DEMO } from '../support/http.ts';
import { TMP } from '../support/seed-snapshot.ts';

let s: TestServer;
let token: string;
const dist = mkdtempSync(join(TMP, 'dist-'));

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'export {};\n');
  for (const f of ['index.html', 'iframe-360.html', 'viewer.html'])
    writeFileSync(join(dist, f), '<!doctype html><title>Facet</title>');
  s = await startTestServer({ distDir: dist, embedFrameAncestors: ['https:', "'self'", 'http://shop.localhost:8081'] });
  token = await s.tokenFor(DEMO.acme);
});
afterAll(async () => {
  await s.close();
});

const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });
const csp = (h: Record<string, unknown>) =>
  Object.fromEntries(
    String(h['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );

describe('the portal', () => {
  it('a strict policy on index.html and every client route: no inline or eval scripts, no framing, no sniffing', async () => {
    for (const url of ['/', '/index.html', '/catalog', '/product/12']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      const p = csp(r.headers);
      expect(p['script-src'], url).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(p['object-src']).toEqual(["'none'"]);
      expect(p['base-uri']).toEqual(["'self'"]);
      expect(p['frame-ancestors']).toEqual(["'none'"]);
      expect(p['worker-src']).toEqual(["'self'", 'blob:']);
      expect(p['report-uri']).toEqual(['/csp-report']);
      expect(p['upgrade-insecure-requests']).toBeUndefined();
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(r.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(r.headers['permissions-policy']).toMatch(/camera=\(\)/);
      expect(r.headers['permissions-policy']).toMatch(/fullscreen=\(self\)/);
      // http://: no HSTS (a browser would then refuse the plain-http portal for a year).
      expect(r.headers['strict-transport-security']).toBeUndefined();
    }
    expect(String((await get('/assets/index-AbC123.js')).headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('the public pages', () => {
  it('may be framed by the sites EMBED_FRAME_ANCESTORS names, also when they answer not available', async () => {
    for (const url of ['/iframe/360?id_product=1&key=nope', '/viewer/?id_product=1&key=nope']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      const p = csp(r.headers);
      expect(p['frame-ancestors'], url).toEqual(['https:', "'self'", 'http://shop.localhost:8081']);
      expect(p['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(r.headers['x-frame-options']).toBeUndefined();
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['permissions-policy']).toMatch(/xr-spatial-tracking=\(self\)/);
    }
  });
});

describe('the API', () => {
  it('JSON that nothing may frame or run, no-store where it was; a 404 outside every route gets the same', async () => {
    const r = await get(`/backend/api/user`, { authorization: `Bearer ${token}` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(csp(r.headers)['default-src']).toEqual(["'none'"]);
    expect(csp(r.headers)['frame-ancestors']).toEqual(["'none'"]);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    // A JSON answer is not a page: no page-only headers (ten unchanged lists stay a small pull).
    for (const h of ['permissions-policy', 'x-frame-options', 'referrer-policy', 'origin-agent-cluster'])
      expect(r.headers[h], h).toBeUndefined();
    const missing = await s.app.inject({ method: 'POST', url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    const ready = await get('/readyz');
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS only when the portal is served over https', async () => {
    const secure = await s.twin({ publicUrl: 'https://portal.example' });
    const r = await fetch(`${secure.url}/backend/health`);
    expect(r.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    await secure.close();
  });
});

describe('stored files', () => {
  const file = async (sql: string, params: unknown[] = []) => (await s.db.one<{ path: string }>(sql, params))!.path;

  it('are sandboxed and never sniffed; an upload is private, an image inline', async () => {
    const upload = await file(`SELECT path FROM product_uploads ORDER BY id LIMIT 1`);
    const r = await get(`/storage/${upload}`);
    expect(r.statusCode).toBe(200);
    expect(csp(r.headers)).toEqual({ 'default-src': ["'none'"], sandbox: [] });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['cache-control']).toBe('private, max-age=604800');
    expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(r.headers['content-disposition']).toBeUndefined();
  });

  it('a type the portal does not show inline is an attachment', async () => {
    const sheet = await file(`SELECT path FROM product_assets WHERE path LIKE '%.txt' ORDER BY id LIMIT 1`);
    const r = await get(`/storage/${sheet}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment');
    const named = await get(`/storage/${sheet}?download=1`);
    expect(String(named.headers['content-disposition'])).toMatch(/^attachment; filename=/);
  });

  it("what shoppers load (a viewer's model and poster, a 360 frame set) is public, immutable and cross-origin", async () => {
    const viewer = (await s.db.one<{ file_glb: string; image_lazy_load: string }>(
      'SELECT file_glb, image_lazy_load FROM product_viewers WHERE file_glb IS NOT NULL ORDER BY product_id LIMIT 1',
    ))!;
    for (const path of [viewer.file_glb, viewer.image_lazy_load]) {
      const r = await get(`/storage/${path}`);
      expect(r.statusCode, path).toBe(200);
      expect(r.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      expect(r.headers['cross-origin-resource-policy'], path).toBe('cross-origin');
      expect(r.headers['content-disposition'], path).toBeUndefined();
    }
    const frame = 'spins/AbCdEfGhIjKlMnOpQrStUv/0-640.webp';
    await s.app.services.storage.write(frame, Buffer.from('RIFF....WEBP'));
    const r = await get(`/storage/${frame}`);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('the violation reports', () => {
  it('counts both formats (report-uri and the Reporting API), answers 204, and refuses what is not a report', async () => {
    const before = s.app.services.cspReports.kept.length;
    const legacy = await s.app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://x/catalog',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'inline',
          'source-file': 'http://x/a.js',
          'line-number': 3,
        },
      }),
    });
    expect(legacy.statusCode).toBe(204);
    const modern = await s.app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify([
        {
          type: 'csp-violation',
          body: { documentURL: 'http://x/viewer/', effectiveDirective: 'worker-src', blockedURL: 'blob' },
        },
      ]),
    });
    expect(modern.statusCode).toBe(204);
    expect(s.app.services.cspReports.kept.slice(before)).toEqual([
      {
        documentUri: 'http://x/catalog',
        directive: 'script-src-elem',
        blockedUri: 'inline',
        source: 'http://x/a.js:3',
        sample: undefined,
      },
      { documentUri: 'http://x/viewer/', directive: 'worker-src', blockedUri: 'blob', source: undefined, sample: undefined },
    ]);
    const broken = await s.app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false });
    s.app.services.cspReports.kept.splice(before);
  });
});
