// Document 2 §7 "Service request": stored, mailed to the studio, only for templates the company sees.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { BIG, refused, world, type World } from './templates.fixtures.ts';

let s: TestServer;
let w: World;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s.close();
});

const templatesOf = async (where: string, params: unknown[] = []) =>
  s.db.query<{ id: number; name: string }>(`SELECT id, name FROM templates WHERE ${where} ORDER BY id LIMIT 2`, params);
const mails = () => (existsSync(s.config.mailDir) ? readdirSync(s.config.mailDir) : []);
const requests = async () => (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM service_requests'))!.n;
const request = (token: string, body: unknown) => call(s, 'POST', '/posts/services/request', { token, body });

describe('POST /posts/services/request', () => {
  it('stores the request and mails the studio the chosen templates', async () => {
    const own = await templatesOf('customer_id = $1', [w.acme]);
    const pub = await templatesOf('public = 1');
    const chosen = [...own, pub[0]!];
    const r = await request(w.tok.acme, {
      id_customer: w.acme,
      templates: ` ${chosen.map((t) => t.id).join(' ,')},${own[0]!.id},`,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ success: true, message: 'Service created successfully' });

    const user = await s.db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', ['manager@acme.test']);
    const rows = await s.db.query<{ customer_id: number; user_id: number; template_ids: number[] }>(
      'SELECT customer_id, user_id, template_ids FROM service_requests',
    );
    expect(rows).toEqual([{ customer_id: w.acme, user_id: user!.id, template_ids: chosen.map((t) => t.id) }]);

    expect(mails()).toHaveLength(1);
    const eml = readFileSync(join(s.config.mailDir, mails()[0]!), 'utf8').replace(/=\r?\n/g, '');
    expect(eml).toMatch(/^To: studio@facet\.test$/m);
    expect(eml).toMatch(/^Subject: Service request from Acme Living$/m);
    for (const t of chosen) expect(eml).toContain(`#${t.id} ${t.name}`);
  });

  it('accepts a reader (viewer) of the company', async () => {
    const pub = await templatesOf('public = 1');
    expect((await request(w.tok.viewer, { id_customer: w.acme, templates: String(pub[1]!.id) })).body.success).toBe(true);
  });

  describe('refusals store and mail nothing', () => {
    let before: { rows: number; mails: number };
    const unchanged = async () => {
      expect(await requests()).toBe(before.rows);
      expect(mails()).toHaveLength(before.mails);
    };

    it.each([
      ['another company (403)', 'borealis', 'acme', 403],
      ['the provider context as a customer', 'acme', -1, 403],
      ['a user without reader-template-access', 'noslug', 'acme', 403],
    ] as const)('refuses %s', async (_what, who, customer, status) => {
      before = { rows: await requests(), mails: mails().length };
      const own = await templatesOf('customer_id = $1', [w.acme]);
      const r = await request(w.tok[who], {
        id_customer: customer === 'acme' ? w.acme : customer,
        templates: String(own[0]!.id),
      });
      refused(r, status);
      expect(JSON.stringify(r.body)).not.toContain('Acme Room');
      await unchanged();
    });

    it("refuses another company's private template without naming it", async () => {
      before = { rows: await requests(), mails: mails().length };
      const foreign = await templatesOf('customer_id = $1', [w.borealis]);
      const own = await templatesOf('customer_id = $1', [w.acme]);
      const r = await request(w.tok.acme, { id_customer: w.acme, templates: `${own[0]!.id},${foreign[0]!.id}` });
      refused(r, 422);
      expect(r.body.errors.templates).toEqual([r.body.message]);
      expect(r.body.message).toContain(String(foreign[0]!.id));
      expect(JSON.stringify(r.body)).not.toContain('Borealis');
      await unchanged();
    });

    it('refuses a deleted template', async () => {
      before = { rows: await requests(), mails: mails().length };
      const gone = (await s.db.one<{ id: number }>(
        'UPDATE templates SET deleted_at = now() WHERE id = (SELECT max(id) FROM templates WHERE customer_id = $1) RETURNING id',
        [w.acme],
      ))!.id;
      refused(await request(w.tok.acme, { id_customer: w.acme, templates: String(gone) }), 422);
      await unchanged();
    });

    it('refuses staff in the provider context: a request is for a company', async () => {
      before = { rows: await requests(), mails: mails().length };
      const r = await request(w.tok.staff, { id_customer: -1, templates: '1' });
      refused(r, 422);
      expect(Object.keys(r.body.errors)).toEqual(['id_customer']);
      await unchanged();
    });

    it.each([
      ['no templates', { id_customer: 'A', templates: '' }, 'You must select at least one template'],
      ['only commas', { id_customer: 'A', templates: ' , ,' }, 'You must select at least one template'],
      ['words', { id_customer: 'A', templates: '1,two' }, null],
      ['a negative id', { id_customer: 'A', templates: '-4' }, null],
      ['zero', { id_customer: 'A', templates: '0' }, null],
      ['a huge id', { id_customer: 'A', templates: '99999999999' }, null],
      ['an unknown id', { id_customer: 'A', templates: '999999' }, null],
      ['a 100 kB list', { id_customer: 'A', templates: BIG }, null],
      ['missing templates', { id_customer: 'A' }, 'The templates field is required.'],
      ['missing id_customer', { templates: '1' }, null],
      ['a word for id_customer', { id_customer: 'acme', templates: '1' }, null],
      ['an array for templates', { id_customer: 'A', templates: [1, 2] }, null],
    ] as const)('refuses %s with 422', async (_what, b, message) => {
      before = { rows: await requests(), mails: mails().length };
      const r = await request(w.tok.acme, {
        ...b,
        ...('id_customer' in b && b.id_customer === 'A' ? { id_customer: w.acme } : {}),
      });
      refused(r, 422);
      if (message) expect(r.body.message).toBe(message);
      await unchanged();
    });

    it('needs a token', async () => refused(await request('', { id_customer: w.acme, templates: '1' }), 401));
  });
});
