// The JS the login screen costs: every script response of a cold /login (no service worker, no
// cache). Two figures: the bytes on the wire as the browser counts them (Resource Timing's
// transferSize: the compressed body plus headers, as the server sends it, brotli where accepted),
// and each body re-compressed with gzip -9 (the figure reported before the server compressed).
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface LoginJs {
  files: number;
  raw_bytes: number;
  gzip_bytes: number;
  /** Sum of transferSize over the scripts: what went over the network. */
  transfer_bytes: number;
  encodings: Record<string, number>;
  largest: { url: string; gzip_bytes: number; transfer_bytes: number }[];
}

export async function measureLoginJs(browser: Browser, origin: string): Promise<LoginJs> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const bodies: Promise<{ url: string; raw: number; gzip: number; encoding: string }>[] = [];
  page.on('response', (r) => {
    const type = r.headers()['content-type'] ?? '';
    if (r.request().resourceType() !== 'script' && !/javascript/.test(type)) return;
    const encoding = r.headers()['content-encoding'] ?? 'identity';
    bodies.push(
      r.body().then((b) => ({ url: new URL(r.url()).pathname, raw: b.length, gzip: gzipSync(b, { level: 9 }).length, encoding })),
    );
  });
  try {
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').waitFor();
    const files = await Promise.all(bodies);
    const wire = new Map(
      await page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => new URL(e.name).pathname.endsWith('.js'))
          .map((e) => [new URL(e.name).pathname, e.transferSize] as [string, number]),
      ),
    );
    const encodings: Record<string, number> = {};
    for (const f of files) encodings[f.encoding] = (encodings[f.encoding] ?? 0) + 1;
    return {
      files: files.length,
      raw_bytes: files.reduce((n, f) => n + f.raw, 0),
      gzip_bytes: files.reduce((n, f) => n + f.gzip, 0),
      transfer_bytes: files.reduce((n, f) => n + (wire.get(f.url) ?? 0), 0),
      encodings,
      largest: files
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 5)
        .map((f) => ({ url: f.url, gzip_bytes: f.gzip, transfer_bytes: wire.get(f.url) ?? 0 })),
    };
  } finally {
    await context.close();
  }
}
