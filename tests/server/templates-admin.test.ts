// Document 2 §7 "Templates", the staff side: create (multipart) and edit templates.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, form } from '../support/http.ts';
import { untilClockPasses } from '../support/db-clock.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  BIG,
  FAKE_PNG,
  PDF,
  TEXT,
  expectTemplate,
  filesUnder,
  jpeg,
  png,
  refused,
  world,
  type World,
} from './templates.fixtures.ts';

let s: TestServer;
let w: World;
let PNG: Buffer;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  PNG = await png();
});
afterAll(async () => {
  await s.close();
});

const add = (token: string, fields: Record<string, string | number>, image?: { name: string; bytes: Uint8Array }) =>
  call(s, 'POST', '/template/add', { token, form: form(fields, image ? { image } : {}) });
const listNames = async (token: string, id_customer: number) =>
  (await call(s, 'GET', '/template/get_all', { token, query: { id_customer } })).body.templates.map(
    (t: { name: string }) => t.name,
  ) as string[];

describe('POST /template/add', () => {
  it('creates a private template for a client, with a generated image name and a thumbnail', async () => {
    const r = await add(
      w.tok.staff,
      { public: 0, name: 'Acme Loft', note: 'North light', id_customer: w.acme },
      { name: 'loft.png', bytes: PNG },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['success', 'template']);
    const t = r.body.template;
    expectTemplate(t);
    expect(t).toMatchObject({
      name: 'Acme Loft',
      note: 'North light',
      public: 0,
      id_customer: w.acme,
      collection: null,
      tags: [],
      ambients: [],
    });
    expect(t.image_name).toMatch(new RegExp(`^templates/${w.acme}/[0-9a-f-]{36}\\.png$`));
    expect(existsSync(join(s.config.storageDir, t.image_name))).toBe(true);
    expect(existsSync(join(s.config.storageDir, t.image_thumb))).toBe(true);
    expect((await fetch(`${s.url}/storage/${t.image_thumb}`)).status).toBe(200);
    expect(await listNames(w.tok.acme, w.acme)).toContain('Acme Loft');
    expect(await listNames(w.tok.borealis, w.borealis)).not.toContain('Acme Loft');
  });

  it('makes a public template for everyone and ignores id_customer; takes JPEG too', async () => {
    const r = await add(
      w.tok.staff,
      { public: 1, name: 'Open Studio', id_customer: w.borealis },
      { name: 'open.JPEG', bytes: await jpeg() },
    );
    expect(r.body.template).toMatchObject({ public: 1, id_customer: null, note: '' });
    expect(r.body.template.image_name).toMatch(/^templates\/public\/[0-9a-f-]{36}\.jpg$/);
    expect(await listNames(w.tok.acme, w.acme)).toContain('Open Studio');
    expect(await listNames(w.tok.borealis, w.borealis)).toContain('Open Studio');
  });

  it('stores a "../../x.png" upload under a generated name, never outside storage', async () => {
    const r = await add(w.tok.staff, { public: 1, name: 'Traversal' }, { name: '../../x.png', bytes: PNG });
    expect(r.status).toBe(200);
    expect(r.body.template.image_name).toMatch(/^templates\/public\/[0-9a-f-]{36}\.png$/);
    expect(existsSync(join(s.config.storageDir, r.body.template.image_name))).toBe(true);
    // Nowhere in this server's data folder, nor where the name points from storage or from the server's cwd.
    expect(filesUnder(dirname(s.config.storageDir)).filter((f) => f.endsWith('/x.png'))).toEqual([]);
    for (const from of [s.config.storageDir, join(s.config.storageDir, 'templates/public'), process.cwd()]) {
      expect(existsSync(join(from, '../../x.png'))).toBe(false);
    }
  });

  it.each([
    ['a customer manager', 'acme', 403],
    ['a viewer', 'viewer', 403],
    ['a member of both companies', 'multi', 403],
  ] as const)('refuses %s (staff only)', async (_what, who, status) => {
    refused(await add(w.tok[who], { public: 1, name: 'Nope' }, { name: 'a.png', bytes: PNG }), status);
  });
  it('needs a token', async () => refused(await add('', { public: 1, name: 'Nope' }, { name: 'a.png', bytes: PNG }), 401));

  it.each([
    ['no image', { public: 1, name: 'A' }, undefined, 'image'],
    ['PDF bytes named .png', { public: 1, name: 'A' }, { name: 'a.png', bytes: PDF }, 'image'],
    ['text bytes named .png', { public: 1, name: 'A' }, { name: 'a.png', bytes: TEXT }, 'image'],
    ['a PNG signature over junk', { public: 1, name: 'A' }, { name: 'a.png', bytes: FAKE_PNG }, 'image'],
    ['a PDF named .pdf', { public: 1, name: 'A' }, { name: 'a.pdf', bytes: PDF }, 'image'],
    ['missing name', { public: 1 }, 'png', 'name'],
    ['an empty name', { public: 1, name: '' }, 'png', 'name'],
    ['a 100 kB name', { public: 1, name: BIG.slice(0, 100 * 1024 - 1) }, 'png', 'name'],
    ['a 100 kB note', { public: 1, name: 'A', note: BIG.slice(0, 100 * 1024 - 1) }, 'png', 'note'],
    ['missing public', { name: 'A' }, 'png', 'public'],
    // A value outside a union of literals comes back without a field entry (http/errors.ts skips const/anyOf).
    ['public 2', { public: 2, name: 'A' }, 'png', null],
    ['public "yes"', { public: 'yes', name: 'A' }, 'png', 'public'],
    ['private without id_customer', { public: 0, name: 'A' }, 'png', 'id_customer'],
    ['private for an unknown company', { public: 0, name: 'A', id_customer: 999999 }, 'png', 'id_customer'],
    ['private for the provider context', { public: 0, name: 'A', id_customer: -1 }, 'png', 'id_customer'],
    ['a word for id_customer', { public: 0, name: 'A', id_customer: 'acme' }, 'png', 'id_customer'],
  ] as const)('refuses %s with 422 and stores nothing', async (_what, fields, image, field) => {
    const before = await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM templates');
    const file = image === 'png' ? { name: 'a.png', bytes: PNG } : image;
    const r = await add(w.tok.staff, fields, file);
    refused(r, 422);
    if (field) expect(Object.keys(r.body.errors ?? {})).toContain(field);
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM templates'))!.n).toBe(before!.n);
  });

  it('refuses a name over the 100 kB multipart field limit with a 4xx', async () => {
    refused(await add(w.tok.staff, { public: 1, name: `${BIG}${BIG}` }, { name: 'a.png', bytes: PNG }));
  });

  it('refuses a JSON body (no file) with 422', async () => {
    refused(await call(s, 'POST', '/template/add', { token: w.tok.staff, body: { public: 1, name: 'A' } }), 422);
  });
});

describe('POST /template/edit', () => {
  const fresh = async (fields: Record<string, string | number>) =>
    (await add(w.tok.staff, { name: 'Draft', ...fields }, { name: 'd.png', bytes: PNG })).body.template;

  it('updates name, note and visibility, bumping updated_at', async () => {
    const t = await fresh({ public: 1 });
    await untilClockPasses(s.db, t.updated_at);
    const r = await call(s, 'POST', '/template/edit', {
      token: w.tok.staff,
      body: { id: t.id, name: 'Borealis Den', note: 'Edited', public: 0, id_customer: w.borealis },
    });
    expect(r.status).toBe(200);
    expectTemplate(r.body.template);
    expect(r.body.template).toMatchObject({
      id: t.id,
      name: 'Borealis Den',
      note: 'Edited',
      public: 0,
      id_customer: w.borealis,
      image_name: t.image_name,
      created_at: t.created_at,
    });
    expect(Date.parse(r.body.template.updated_at)).toBeGreaterThan(Date.parse(t.updated_at));
    // It left Acme's view: Acme reads no longer find it, and a tombstone tells every former viewer.
    expect(await listNames(w.tok.acme, w.acme)).not.toContain('Borealis Den');
    expect(await listNames(w.tok.borealis, w.borealis)).toContain('Borealis Den');
    expect(await s.db.query('SELECT customer_id FROM tombstones WHERE entity_id = $1', [t.id])).toEqual([{ customer_id: null }]);
  });

  it('makes a private template public (id_customer cleared) and keeps the note when none is sent', async () => {
    const t = await fresh({ public: 0, id_customer: w.acme, note: 'Keep me' });
    const r = await call(s, 'POST', '/template/edit', {
      token: w.tok.staff,
      body: { id: t.id, name: 'Now Public', public: 1, id_customer: w.acme },
    });
    expect(r.body.template).toMatchObject({ public: 1, id_customer: null, note: 'Keep me' });
    expect(await listNames(w.tok.borealis, w.borealis)).toContain('Now Public');
  });

  it.each([
    ['a customer manager', 'acme'],
    ['a viewer', 'viewer'],
  ] as const)('refuses %s with 403 and changes nothing', async (_what, who) => {
    const t = await fresh({ public: 0, id_customer: w.acme });
    refused(await call(s, 'POST', '/template/edit', { token: w.tok[who], body: { id: t.id, name: 'Hacked', public: 1 } }), 403);
    expect((await s.db.one<{ name: string }>('SELECT name FROM templates WHERE id = $1', [t.id]))!.name).toBe('Draft');
  });

  it.each([
    ['missing id', { name: 'A', public: 1 }, 422],
    ['missing name', { id: 'T', public: 1 }, 422],
    ['missing public', { id: 'T', name: 'A' }, 422],
    ['an empty name', { id: 'T', name: '', public: 1 }, 422],
    ['a 100 kB name', { id: 'T', name: BIG, public: 1 }, 422],
    ['a 100 kB note', { id: 'T', name: 'A', note: BIG, public: 1 }, 422],
    ['a string id', { id: 'seven', name: 'A', public: 1 }, 422],
    ['an object for name', { id: 'T', name: { a: 1 }, public: 1 }, 422],
    ['private without id_customer', { id: 'T', name: 'A', public: 0 }, 422],
    ['private for an unknown company', { id: 'T', name: 'A', public: 0, id_customer: 999999 }, 422],
    ['an unknown id', { id: 999999, name: 'A', public: 1 }, 404],
  ] as const)('refuses %s', async (_what, b, status) => {
    const t = await fresh({ public: 1 });
    const body = { ...b, ...('id' in b && b.id === 'T' ? { id: t.id } : {}) };
    refused(await call(s, 'POST', '/template/edit', { token: w.tok.staff, body }), status);
    expect((await s.db.one<{ name: string }>('SELECT name FROM templates WHERE id = $1', [t.id]))!.name).toBe('Draft');
  });
});
