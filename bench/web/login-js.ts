// The JS the login screen costs: every script response of a cold /login (no service worker, no
// cache), each body re-compressed with gzip -9 (the server sends it uncompressed).
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface LoginJs { files: number; raw_bytes: number; gzip_bytes: number; largest: { url: string; gzip_bytes: number }[] }

export async function measureLoginJs(browser: Browser, origin: string): Promise<LoginJs> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const bodies: Promise<{ url: string; raw: number; gzip: number }>[] = [];
  page.on('response', (r) => {
    const type = r.headers()['content-type'] ?? '';
    if (r.request().resourceType() !== 'script' && !/javascript/.test(type)) return;
    bodies.push(r.body().then((b) => ({ url: new URL(r.url()).pathname, raw: b.length, gzip: gzipSync(b, { level: 9 }).length })));
  });
  try {
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').waitFor();
    const files = await Promise.all(bodies);
    return {
      files: files.length,
      raw_bytes: files.reduce((n, f) => n + f.raw, 0),
      gzip_bytes: files.reduce((n, f) => n + f.gzip, 0),
      largest: files.sort((a, b) => b.gzip - a.gzip).slice(0, 5).map((f) => ({ url: f.url, gzip_bytes: f.gzip })),
    };
  } finally {
    await context.close();
  }
}
