// The tailor request (document 3 §4, §7): mailed to the studio and recorded, once per product, page and
// day (held by the server too); refusals mail and record nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_DOWN, TAILOR_REPEAT } from '../../server/routes/imagery.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call } from '../support/http.ts';
import { BIG, expectRefused, world, type World } from './imagery.fixtures.ts';

let s: TestServer;
let w: World;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s.close();
});

const mails = () => (existsSync(s.config.mailDir) ? readdirSync(s.config.mailDir).sort() : []);
const requests = async () => (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM tailor_requests'))!.n;
const send = (body: Record<string, unknown>, token = w.tok.acme) =>
  call(s, 'POST', '/posts/email/request/service/tailor/send', {
    token,
    body: { id_product: w.acmeProduct, id_customer: w.acme, ...body },
  });

describe('POST /posts/email/request/service/tailor/send', () => {
  it('mails the studio and records the request', async () => {
    const r = await send({ page: 'Silo Image' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ success: true, message: 'Your request has been sent. We will contact you soon.' });
    expect(mails()).toHaveLength(1);
    const eml = readFileSync(join(s.config.mailDir, mails()[0]!), 'utf8').replace(/=\r?\n/g, '');
    expect(eml).toMatch(/^To: studio@facet\.test$/m);
    expect(eml).toMatch(/^Subject: Tailor request: Silo Image for ACM-1001 .+ \(Acme Living\)$/m);
    expect(eml).toContain('Alice Manager <manager@acme.test> of Acme Living');
    expect(eml).toContain(`"Silo Image" service for product #${w.acmeProduct} ACM-1001`);
    const user = await s.db.one<{ id: number }>("SELECT id FROM users WHERE email = 'manager@acme.test'");
    expect(await s.db.query('SELECT product_id, customer_id, user_id, page FROM tailor_requests')).toEqual([
      { product_id: w.acmeProduct, customer_id: w.acme, user_id: user!.id, page: 'Silo Image' },
    ]);
  });

  it('refuses a second request for the same product and page on the same day, whoever sends it', async () => {
    for (const token of [w.tok.acme, w.tok.staff]) {
      const before = { mails: mails().length, rows: await requests() };
      const r = await send({ page: 'Silo Image', id_customer: token === w.tok.staff ? -1 : w.acme }, token);
      expectRefused(r, [422]);
      expect(r.body.message).toBe(TAILOR_REPEAT);
      expect(r.body.errors).toEqual({ page: [TAILOR_REPEAT] });
      expect(mails()).toHaveLength(before.mails);
      expect(await requests()).toBe(before.rows);
    }
  });

  it('accepts another page the same day, and the same page the next day', async () => {
    for (const page of ['360 Image', 'Vignette', 'Video']) expect((await send({ page })).status).toBe(200);
    await s.db.query("UPDATE tailor_requests SET requested_on = requested_on - 1 WHERE page = 'Silo Image'");
    expect((await send({ page: 'Silo Image' })).status).toBe(200);
    expect(mails()).toHaveLength(5);
  });

  it('two requests at once: one is sent, the other refused', async () => {
    const other = (await s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1002'"))!.id;
    const [a, b] = await Promise.all([
      send({ page: 'Vignette', id_product: other }),
      send({ page: 'Vignette', id_product: other }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    expect(
      (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM tailor_requests WHERE product_id = $1', [other]))!.n,
    ).toBe(1);
  });

  describe('refusals mail and record nothing', () => {
    const cases: [string, Record<string, unknown>, keyof World['tok'], number][] = [
      ['an unknown page', { page: 'Silo' }, 'acme', 422],
      ['the page in lower case', { page: 'silo image' }, 'acme', 422],
      ['a 100 kB page', { page: BIG }, 'acme', 422],
      ['no page', {}, 'acme', 422],
      ['an unknown product', { page: 'Video', id_product: 99_999_999 }, 'acme', 404],
      ['a product id that is text', { page: 'Video', id_product: 'one' }, 'acme', 422],
      ['a reader without send-products-for-automation', { page: 'Video' }, 'viewer', 403],
      ['a member with no permission at all', { page: 'Video' }, 'noslug', 403],
      ['another company (their id_customer)', { page: 'Video' }, 'borealis', 403],
    ];
    it.each(cases)('%s', async (_what, body, who, status) => {
      const before = { mails: mails().length, rows: await requests() };
      const product = (await s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1003'"))!.id;
      expectRefused(await send({ id_product: product, ...body }, w.tok[who]), [status]);
      expect(mails()).toHaveLength(before.mails);
      expect(await requests()).toBe(before.rows);
    });

    it("another company's product under one's own company answers like a missing one (404)", async () => {
      const before = { mails: mails().length, rows: await requests() };
      expectRefused(await send({ page: 'Video', id_customer: w.borealis }, w.tok.borealis), [404]);
      expect(mails()).toHaveLength(before.mails);
      expect(await requests()).toBe(before.rows);
    });

    it('a failed mail leaves no request behind, so a retry is clean', async () => {
      const before = await requests();
      const mailer = s.app.services.mailer;
      const send0 = mailer.send;
      mailer.send = async () => {
        throw new Error('SMTP down');
      };
      try {
        const product = (await s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1004'"))!.id;
        const r = await send({ page: 'Video', id_product: product });
        expect(r.status).toBe(503);
        expect(r.body).toEqual({ success: false, message: MAIL_DOWN });
        expect(await requests()).toBe(before);
        mailer.send = send0;
        expect((await send({ page: 'Video', id_product: product })).status).toBe(200);
      } finally {
        mailer.send = send0;
      }
    });
  });
});

describe('per product and page (issue 27): GET /gets/product/tailor/requested', () => {
  const idOf = async (sku: string) => (await s.db.one<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]))!.id;
  const requested = (product: number, token = w.tok.acme, cid: number = w.acme) =>
    call(s, 'GET', '/gets/product/tailor/requested', { token, query: { id_product: product, id_customer: cid } });

  it("a request on ACM-1003's Silo marks that page of that product only", async () => {
    const [p3, p4] = [await idOf('ACM-1003'), await idOf('ACM-1004')];
    const before4 = (await requested(p4)).body.pages;
    expect((await send({ page: 'Silo Image', id_product: p3 })).status).toBe(200);
    expect((await requested(p3)).body).toEqual({ success: true, pages: ['Silo Image'] });
    expect((await requested(p4)).body.pages).toEqual(before4);
    expect(before4).not.toContain('Silo Image');
    // ACM-1004's Silo is still open to a request, and then both say so.
    expect((await send({ page: 'Silo Image', id_product: p4 })).status).toBe(200);
    expect((await requested(p4)).body.pages).toContain('Silo Image');
    expect((await requested(p3)).body.pages).toEqual(['Silo Image']);
  });

  it("yesterday's request does not count today", async () => {
    const p = await idOf('ACM-1005');
    expect((await send({ page: 'Vignette', id_product: p })).status).toBe(200);
    await s.db.query('UPDATE tailor_requests SET requested_on = requested_on - 1 WHERE product_id = $1', [p]);
    expect((await requested(p)).body.pages).toEqual([]);
  });

  it('is read by whoever sees one of the pages, in the product’s company', async () => {
    const p = await idOf('ACM-1003');
    // A reader of the sections may know it was asked for today (the button is not theirs).
    expect((await requested(p, w.tok.viewer)).body.pages).toEqual(['Silo Image']);
    expectRefused(await requested(p, w.tok.noslug), [403]);
    expectRefused(await requested(p, w.tok.borealis), [403]);
    expectRefused(await requested(p, w.tok.borealis, w.borealis), [404]);
    expect((await requested(p, w.tok.staff, -1)).body.pages).toEqual(['Silo Image']);
  });
});
