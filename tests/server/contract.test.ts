// Every contract entry has a route, and every API route has a contract entry.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contract } from '../../src/api/contract/index.ts';
import type { Endpoint } from '../../src/api/contract/define.ts';
import { fastifyPath } from '../../server/http/routes.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call } from '../support/http.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const entries = Object.values(contract).flatMap((group) => Object.values(group as Record<string, Endpoint>));

it('has no two entries for one method and path', () => {
  const keys = entries.map((e) => `${e.method} ${e.path}`);
  expect(new Set(keys).size).toBe(keys.length);
});

it('registers exactly the contract under the API prefix', () => {
  const prefix = s.config.apiPrefix;
  const registered = new Set<string>();
  for (const e of entries) {
    expect(s.app.hasRoute({ method: e.method, url: `${prefix}${fastifyPath(e.path)}` }), `${e.method} ${e.path}`).toBe(true);
  }
  // The OpenAPI document lists every route that is not hidden: it must be the contract, no more.
  const doc = s.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const m of Object.keys(methods)) registered.add(`${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
  }
  const expected = new Set(entries.map((e) => `${e.method} ${fastifyPath(e.path)}`)); // OpenAPI paths sit under servers[0].url
  expect([...registered].sort()).toEqual([...expected].sort());
});

it('publishes OpenAPI at /backend/docs/json', async () => {
  const r = await call(s, 'GET', '/docs/json');
  expect(r.status).toBe(200);
  expect(r.body.openapi).toMatch(/^3\./);
  expect(Object.keys(r.body.paths).length).toBeGreaterThanOrEqual(entries.length / 2);
});

it('answers unknown API paths with a JSON 404, not the portal', async () => {
  const r = await call(s, 'GET', '/no/such/call');
  expect(r.status).toBe(404);
  expect(r.body).toEqual({ success: false, message: 'Not found.' });
});
