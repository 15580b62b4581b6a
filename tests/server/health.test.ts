// /healthz and /readyz at the root (outside the API contract): 200 on a healthy server; /readyz 503
// naming the reason when stored files cannot be written (local disk; an S3 store's in storage-s3.test.ts)
// or a migration is missing from the record. The 503 of a draining server is in shutdown.test.ts (a real process).
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TMP } from '../support/seed-snapshot.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const get = async (base: string, path: string) => {
  const r = await fetch(`${base}${path}`);
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: r.status, body };
};
const notReady = (message: string | RegExp) => ({ success: false, message: expect.stringMatching(message) });

it('/healthz and /readyz answer 200 on a healthy server, without a token and without a rate limit', async () => {
  expect(await get(s.url, '/healthz')).toEqual({ status: 200, body: { success: true } });
  // Side by side they share one check; none is limited (the auth routes' limit here is 1000 a minute).
  const many = await Promise.all(Array.from({ length: 20 }, () => get(s.url, '/readyz')));
  expect(many.map((r) => r.status)).toEqual(Array(20).fill(200));
  expect(many[0]!.body).toEqual({ success: true });
});

it('are not in the API contract: OpenAPI does not list them', async () => {
  const doc = (await get(s.api, '/docs/json')).body as { paths: Record<string, unknown> };
  expect(Object.keys(doc.paths).filter((p) => /healthz|readyz/.test(p))).toEqual([]);
});

it('are answered before the portal: with a built portal, they are not its index.html', async () => {
  const dist = mkdtempSync(join(TMP, 'dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
  const twin = await s.twin({ distDir: dist });
  try {
    expect((await get(twin.url, '/some/screen')).body).toContain('<title>portal</title>');
    expect(await get(twin.url, '/healthz')).toEqual({ status: 200, body: { success: true } });
    expect(await get(twin.url, '/readyz')).toEqual({ status: 200, body: { success: true } });
  } finally {
    await twin.close();
    rmSync(dist, { recursive: true, force: true });
  }
});

it('/readyz: 503 while the storage folder cannot be written, 200 again once it can', async () => {
  const root = s.config.storageDir;
  // Root ignores permissions, so the folder is replaced by a file: nothing can be written under it.
  renameSync(root, `${root}.away`);
  writeFileSync(root, 'not a folder');
  try {
    expect(await get(s.url, '/readyz')).toEqual({ status: 503, body: notReady(/^Stored files cannot be written\.$/) });
    expect((await get(s.url, '/healthz')).status).toBe(200);
  } finally {
    rmSync(root);
    renameSync(`${root}.away`, root);
  }
  expect((await get(s.url, '/readyz')).status).toBe(200);
});

it('/readyz: 503 naming a migration file that is not recorded as applied', async () => {
  const last = (await s.db.one<{ name: string }>('SELECT max(name) AS name FROM schema_migrations'))!.name;
  const row = (await s.db.one<{ applied_at: Date }>('SELECT applied_at FROM schema_migrations WHERE name = $1', [last]))!;
  await s.db.query('DELETE FROM schema_migrations WHERE name = $1', [last]);
  try {
    expect(await get(s.url, '/readyz')).toEqual({
      status: 503,
      body: { success: false, message: `Migrations not applied: ${last}.` },
    });
  } finally {
    await s.db.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [last, row.applied_at]);
  }
  expect((await get(s.url, '/readyz')).status).toBe(200);
});

it('the probe leaves nothing behind on the local disk', async () => {
  const probes = join(s.config.storageDir, 'private', 'probe');
  mkdirSync(probes, { recursive: true });
  expect((await get(s.url, '/readyz')).status).toBe(200);
  expect(readdirSync(probes)).toEqual([]);
});
