// Issue 42, stage 3: View in AR on a real server and database. Who may ask for a version's signed link
// (the round's read permission; another company's round, an unknown one and a version of another round
// answer Not found alike), what the link names (the version and its expiry: no share key, no token),
// the page it opens without a session (the viewer with the model in it, never framed, never indexed or
// cached) and its files streamed through it; a tampered, expired or gone link is the 404 page, never JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AR_FILES, AR_LINK_MINUTES } from '../../src/api/contract/rules/review.ts';
import { SIGNED_VIEWER_ID, type SignedViewer } from '../../src/entries/signed-viewer.ts';
import { signArToken } from '../../server/review/ar-link.ts';
import { UNAVAILABLE_TITLE } from '../../src/entries/unavailable.ts';
import { call, DEMO } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { delivered, freshRound, GLB } from './review.fixtures.ts';
import { makeMember, makeRole } from './users.fixtures.ts';

let s: TestServer;
const tok = { acme: '', viewer: '', borealis: '', staff: '', reader: '' };
let acme: number;
let borealis: number;
let round: { id: number; models: number[] };
let version: number;
let shareKeys: string[];

beforeAll(async () => {
  s = await startTestServer();
  for (const k of ['acme', 'viewer', 'borealis', 'staff'] as const) tok[k] = await s.tokenFor(DEMO[k]);
  acme = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
  borealis = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Borealis Home'`))!.id;
  // Opens the round (dashboard-access and reader-info-access) but may not approve.
  const role = await makeRole(s, acme, ['dashboard-access', 'reader-info-access']);
  tok.reader = (await makeMember(s, acme, role, 'Rita Reader')).token;
  round = await freshRound(s, acme, 2);
  version = await delivered(s, tok.staff, { cid: acme, round: round.id, model: round.models[0]! });
  // Every product of the round has a share key, so that a link could have leaked one.
  const products = await s.db.query<{ id: number }>('SELECT product_id AS id FROM review_models WHERE round_id = $1', [round.id]);
  for (const p of products)
    await s.db.query(
      `INSERT INTO product_share_keys (product_id, key) VALUES ($1, md5(random()::text)) ON CONFLICT (product_id) DO NOTHING`,
      [p.id],
    );
  shareKeys = (await s.db.query<{ key: string }>('SELECT key FROM product_share_keys')).map((r) => r.key);
});
afterAll(async () => {
  await s?.close();
});

const askLink = (token: string, body: { id_customer: number; id_round: number; id_version: number }) =>
  call(s, 'POST', '/posts/review/version/ar-link', { token, body });
const mine = () => askLink(tok.acme, { id_customer: acme, id_round: round.id, id_version: version });
/** The link's path on this server (its address names the public URL, which is this server in tests). */
const pathOf = (url: string) => new URL(url).pathname;
const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });
const csp = (h: Record<string, unknown>) =>
  Object.fromEntries(
    String(h['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );
const pageData = (html: string): SignedViewer => {
  const m = new RegExp(`<script type="application/json" id="${SIGNED_VIEWER_ID}">(.*?)</script>`).exec(html);
  return JSON.parse(m![1]!) as SignedViewer;
};

/** The 404 page: HTML in the product's look, never the API's JSON; nothing kept, nothing indexed. */
function expectGone(r: Awaited<ReturnType<typeof get>>, what: string) {
  expect(r.statusCode, what).toBe(404);
  expect(r.headers['content-type'], what).toMatch(/^text\/html/);
  expect(r.body, what).toContain(UNAVAILABLE_TITLE);
  expect(r.headers['cache-control'], what).toBe('no-store');
  expect(r.headers['x-robots-tag'], what).toMatch(/noindex/);
}

describe('who may ask for a link', () => {
  it("anyone who may open the round, a reader too, and staff in the provider context; never another company's", async () => {
    for (const [token, cid] of [
      [tok.acme, acme],
      [tok.reader, acme],
      [tok.staff, -1],
    ] as const) {
      const r = await askLink(token, { id_customer: cid, id_round: round.id, id_version: version });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.success).toBe(true);
    }
    // Without dashboard-access (the round's read refuses it too).
    expect((await askLink(tok.viewer, { id_customer: acme, id_round: round.id, id_version: version })).status).toBe(403);
    // Another company's round answers exactly as an unknown one.
    const foreign = await askLink(tok.borealis, { id_customer: borealis, id_round: round.id, id_version: version });
    const unknown = await askLink(tok.borealis, { id_customer: borealis, id_round: 987654, id_version: version });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body).toEqual({ success: false, message: 'Round not found.' });
  });

  it('a version of another round, or an unknown one, is Not found alike', async () => {
    const other = await freshRound(s, acme, 1);
    const theirs = await delivered(s, tok.staff, { cid: acme, round: other.id, model: other.models[0]! });
    const wrong = await askLink(tok.acme, { id_customer: acme, id_round: round.id, id_version: theirs });
    const unknown = await askLink(tok.acme, { id_customer: acme, id_round: round.id, id_version: 987654 });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual(unknown.body);
    // Needs a session: the link is asked for by a signed-in person.
    expect((await call(s, 'POST', '/posts/review/version/ar-link', { body: {} })).status).toBe(401);
  });
});

describe('the link', () => {
  it(`names the version and its expiry (${AR_LINK_MINUTES} minutes), signed: no share key, no token`, async () => {
    const before = Date.now();
    const r = await mine();
    const { url, expires_at } = r.body as { url: string; expires_at: string };
    expect(url).toMatch(new RegExp(`^${s.config.publicUrl}/viewer/review/${version}\\.\\d+\\.[A-Za-z0-9_-]{43}/$`));
    const expires = Date.parse(expires_at);
    expect(expires).toBeGreaterThan(before + (AR_LINK_MINUTES * 60 - 2) * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + AR_LINK_MINUTES * 60_000);
    expect(pathOf(url).split('/')[3]!.split('.')[1]).toBe(String(expires / 1000));
    expect(new URL(url).search).toBe('');
    for (const secret of [...shareKeys, tok.acme, tok.acme.split('|')[1]!]) expect(url).not.toContain(secret);
    expect(url).not.toMatch(/key=|token=|access_token/);
  });

  it('opens the viewer page without a session: the model through the link, never a /storage path; not framed, cached or indexed', async () => {
    const url = pathOf((await mine()).body.url);
    const r = await get(url);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    const data = pageData(r.body);
    const name = (await s.db.one<{ name: string }>(
      'SELECT p.name FROM review_models m JOIN products p ON p.id = m.product_id WHERE m.id = $1',
      [round.models[0]],
    ))!.name;
    expect(data).toEqual({
      name,
      note: 'Version 1, shared for review',
      glb: `${url}${AR_FILES.glb}`,
      usdz: null,
      poster: `${url}${AR_FILES.poster}`,
    });
    expect(r.body).not.toContain('/storage/');
    expect(r.body).toContain('<meta name="robots" content="noindex');
    expect(r.headers['x-robots-tag']).toMatch(/noindex/);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(csp(r.headers)['frame-ancestors']).toEqual(["'none'"]);
    expect(csp(r.headers)['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(r.headers['permissions-policy']).toMatch(/xr-spatial-tracking=\(self\)/);
    // The address without its last slash is the same page.
    expect((await get(url.slice(0, -1))).statusCode).toBe(200);
  });

  it('streams the .glb and the poster with their types, cached privately until the link expires', async () => {
    const url = pathOf((await mine()).body.url);
    const glb = await get(`${url}${AR_FILES.glb}`);
    expect(glb.statusCode).toBe(200);
    expect(glb.headers['content-type']).toBe('model/gltf-binary');
    expect(glb.rawPayload.equals(GLB)).toBe(true);
    const age = Number(/^private, max-age=(\d+)$/.exec(String(glb.headers['cache-control']))?.[1]);
    expect(age).toBeGreaterThan(AR_LINK_MINUTES * 60 - 5);
    expect(age).toBeLessThanOrEqual(AR_LINK_MINUTES * 60);
    expect(glb.headers['x-robots-tag']).toMatch(/noindex/);
    expect(glb.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(glb.headers['x-content-type-options']).toBe('nosniff');
    expect(csp(glb.headers)).toEqual({ 'default-src': ["'none'"], sandbox: [] });
    const poster = await get(`${url}${AR_FILES.poster}`);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/png');
    // No .usdz was delivered; a name the link does not serve.
    expectGone(await get(`${url}${AR_FILES.usdz}`), 'no usdz');
    expectGone(await get(`${url}secret.key`), 'another name');
  });

  it('tampered with, expired, or of a version that is gone: the 404 page, for the page and its files', async () => {
    const url = pathOf((await mine()).body.url);
    const token = url.split('/')[3]!;
    const [id, expires, sig] = token.split('.') as [string, string, string];
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const secret = s.app.services.secret;
    const bad = {
      'a changed signature': `${id}.${expires}.${flip(sig[0]!)}${sig.slice(1)}`,
      'another version': `${Number(id) + 1}.${expires}.${sig}`,
      'a later expiry': `${id}.${Number(expires) + 3600}.${sig}`,
      'a signature of another key': signArToken(Buffer.alloc(32, 7), version, new Date(Number(expires) * 1000)),
      'an expired link': signArToken(secret, version, new Date(Date.now() - 1000)),
      'no signature': `${id}.${expires}`,
      'not a token': 'nothing-here',
      'longer than the router reads': `${id}.${expires}.${sig}${'A'.repeat(120)}`,
    };
    for (const [what, t] of Object.entries(bad)) {
      expectGone(await get(`/viewer/review/${t}/`), what);
      expectGone(await get(`/viewer/review/${t}/${AR_FILES.glb}`), `${what}: its .glb`);
    }
    expectGone(await get('/viewer/review/'), 'no token at all');
    // A valid signature whose version's product was deleted since.
    const gone = await freshRound(s, acme, 1);
    const v = await delivered(s, tok.staff, { cid: acme, round: gone.id, model: gone.models[0]! });
    const link = signArToken(secret, v, new Date(Date.now() + 60_000));
    expect((await get(`/viewer/review/${link}/`)).statusCode).toBe(200);
    await s.db.query('UPDATE products SET deleted_at = now() WHERE id = (SELECT product_id FROM review_models WHERE id = $1)', [
      gone.models[0],
    ]);
    expectGone(await get(`/viewer/review/${link}/`), 'a deleted product');
    expectGone(await get(`/viewer/review/${link}/${AR_FILES.glb}`), "a deleted product's .glb");
    await s.db.query('UPDATE products SET deleted_at = NULL WHERE id = (SELECT product_id FROM review_models WHERE id = $1)', [
      gone.models[0],
    ]);
  });
});
