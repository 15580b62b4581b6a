// Issue 42, stage 1: the review round read (our extension). The demo's rounds link to their real ids;
// the round answers its models with their products, versions, reports and states; the tenancy and
// permission matrix: another company's round answers exactly as an unknown one, a member without
// dashboard-access or reader-info-access is refused, staff see every company's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, DEMO } from '../support/http.ts';

let s: TestServer;
const tok = { acme: '', viewer: '', borealis: '', staff: '' };
let acme: number;
let borealis: number;
beforeAll(async () => {
  s = await startTestServer();
  for (const k of ['acme', 'viewer', 'borealis', 'staff'] as const) tok[k] = await s.tokenFor(DEMO[k]);
  acme = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
  borealis = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Borealis Home'`))!.id;
});
afterAll(async () => {
  await s.close();
});

const roundOf = async (cid: number, title: string) =>
  (await s.db.one<{ id: number }>('SELECT id FROM dashboard_rounds WHERE customer_id = $1 AND title = $2', [cid, title]))!.id;
const read = (token: string, id_customer: number, id_round: number) =>
  call(s, 'GET', '/gets/review/round', { token, query: { id_customer, id_round } });

describe('the demo rounds', () => {
  it("link to their own company's real round ids, and count their models", async () => {
    for (const cid of [acme, borealis]) {
      const cards = (
        await call(s, 'GET', '/gets/dashboard/products/rounds-review/show', { token: tok.staff, query: { id_customer: cid } })
      ).body.rounds_review as { link_review: string; total_models: number; title: string }[];
      expect(cards).toHaveLength(8);
      for (const c of cards) {
        const id = await roundOf(cid, c.title);
        expect(c.link_review).toBe(`/review/${cid}/${id}`);
        const models = (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM review_models WHERE round_id = $1', [id]))!
          .n;
        expect(c.total_models).toBe(models);
        expect(models).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it("Acme's Batch C needs approval: models of Acme's products, two versions past round 1, reports read from the .glb", async () => {
    const id = await roundOf(acme, 'Batch C');
    const r = await read(tok.acme, acme, id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.round).toMatchObject({ id, id_customer: acme, title: 'Batch C', status_service: 2 });
    const models = r.body.models as {
      product: { id: number; name: string; photos: string[] };
      state: string;
      versions: {
        number: number;
        report: { triangles: number; size: number[] } | null;
        glb: string;
        renders: string[];
        decision: string | null;
      }[];
      open_pins: number;
    }[];
    expect(models.length).toBeGreaterThanOrEqual(3);
    for (const m of models) {
      expect(
        (await s.db.one<{ customer_id: number }>('SELECT customer_id FROM products WHERE id = $1', [m.product.id]))!.customer_id,
      ).toBe(acme);
      expect(m.versions.length).toBe(r.body.round.round_current > 1 ? 2 : 1);
      const latest = m.versions.at(-1)!;
      expect(latest.report!.triangles).toBeGreaterThan(10);
      expect(latest.report!.size.every((v) => v > 0.05)).toBe(true);
      expect(latest.renders.length).toBe(3);
      expect((await fetch(`${s.url}/storage/${latest.glb}`)).status).toBe(200);
    }
    expect(models.map((m) => m.state)).toContain('review');
    expect(models.some((m) => m.open_pins > 0)).toBe(true);
  });
});

describe('who may read a round', () => {
  it('another company, an unknown id and a foreign id answer alike; the wrong company in the address is refused', async () => {
    const id = await roundOf(acme, 'Batch C');
    const foreign = await read(tok.borealis, borealis, id);
    const unknown = await read(tok.borealis, borealis, 999_999);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect((await read(tok.borealis, acme, id)).status).toBe(403);
    expect((await read(tok.acme, borealis, await roundOf(borealis, 'Batch A'))).status).toBe(403);
  });

  it('needs dashboard-access and reader-info-access: the Viewer (no dashboard) is refused; staff read any company, in its context or -1', async () => {
    const id = await roundOf(acme, 'Batch C');
    expect((await read(tok.viewer, acme, id)).status).toBe(403);
    expect((await read(tok.staff, acme, id)).status).toBe(200);
    expect((await read(tok.staff, -1, id)).status).toBe(200);
    expect((await call(s, 'GET', '/gets/review/round', { query: { id_customer: acme, id_round: id } })).status).toBe(401);
  });
});
