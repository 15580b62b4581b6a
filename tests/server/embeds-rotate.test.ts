// Issue 27: the share key's rotation (our extension) asks for an editor of 360 or of the 3D viewer in
// the product's company, changes that product's key only, and the old key's pages then show the 'not
// available' page; the key's answer gives the server's public origin, so the embed code a user copies
// is the address oEmbed answers for; an uploadimage=1 embed names its upload group.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, grant } from '../../server/domain/accounts.ts';
import { UNAVAILABLE_TITLE } from '../../src/entries/unavailable.ts';
import { spinEmbedUrl } from '../../src/features/imagery/embed/embed-code.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call } from '../support/http.ts';
import { expectRefused, world, type World } from './imagery.fixtures.ts';

let s: TestServer;
let w: World;
let viewerEditor: string;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  // A member who edits the 3D viewer only: the rotation is also theirs (the same key opens /viewer/).
  const role = (await s.db.one<{ id: number }>('INSERT INTO roles (customer_id, name) VALUES ($1, $2) RETURNING id', [
    w.acme,
    '3D editor',
  ]))!.id;
  await grant(s.db, role, ['editor-3d-viewer-access']);
  await addMember(
    s.db,
    await createUser(s.db, { name: '3D editor', email: 'editor.3d@acme.test', password: 'whatever1' }),
    w.acme,
    role,
  );
  viewerEditor = await s.tokenFor('editor.3d@acme.test');
});
afterAll(async () => {
  await s.close();
});

const keyOf = async (product = w.acmeProduct, token = w.tok.acme, cid = w.acme) =>
  (await call(s, 'GET', '/gets/product/share-key', { token, query: { id_product: product, id_customer: cid } })).body as {
    key: string;
    public_url: string;
  };
const rotate = (token: string, body: Record<string, unknown>) =>
  call(s, 'POST', '/posts/product/share-key/rotate', { token, body });
const keys = async () =>
  s.db.query<{ product_id: number; key: string }>('SELECT product_id, key FROM product_share_keys ORDER BY product_id');
const page = (path: string, q: Record<string, string | number>) =>
  fetch(`${s.url}${path}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`);

describe('POST /posts/product/share-key/rotate', () => {
  it('refuses readers, members without the slugs and other companies, and changes no key', async () => {
    await keyOf();
    await keyOf(w.borProduct, w.tok.borealis, w.borealis);
    const before = await keys();
    const cases: Array<[string, string, Record<string, unknown>, number]> = [
      ['a 360 and 3D reader', w.tok.viewer, { id_product: w.acmeProduct, id_customer: w.acme }, 403],
      ['a silo reader', w.tok.siloReader, { id_product: w.acmeProduct, id_customer: w.acme }, 403],
      ['a dashboard-only member', w.tok.noslug, { id_product: w.acmeProduct, id_customer: w.acme }, 403],
      ['another company, naming ours', w.tok.borealis, { id_product: w.acmeProduct, id_customer: w.acme }, 403],
      ['another company, under its own', w.tok.borealis, { id_product: w.acmeProduct, id_customer: w.borealis }, 404],
      ['our editor, on their product', w.tok.acme, { id_product: w.borProduct, id_customer: w.acme }, 404],
      ['no product', w.tok.acme, { id_customer: w.acme }, 422],
      ['a missing product', w.tok.acme, { id_product: 99_999_999, id_customer: w.acme }, 404],
    ];
    for (const [what, token, body, status] of cases) {
      const r = await rotate(token, body);
      expect(r.status, what).toBe(status);
      expectRefused(r, [status]);
    }
    expect(
      (await call(s, 'POST', '/posts/product/share-key/rotate', { body: { id_product: w.acmeProduct, id_customer: w.acme } }))
        .status,
    ).toBe(401);
    expect(await keys()).toEqual(before);
  });

  it("an editor's rotation changes that product's key only; the old key's pages are 'not available' (404)", async () => {
    const preset = (await s.db.one<{ id: number }>(
      "SELECT min(id) AS id FROM product_presets WHERE product_id = $1 AND section = '360'",
      [w.acmeProduct],
    ))!.id;
    const old = (await keyOf()).key;
    const others = (await keys()).filter((k) => k.product_id !== w.acmeProduct);
    const q = { id_product: w.acmeProduct, id_customization: preset, frames: 24 };
    expect((await page('/iframe/360', { ...q, key: old })).status).toBe(200);
    const r = await rotate(w.tok.acme, { id_product: w.acmeProduct, id_customer: w.acme });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      success: true,
      key: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      public_url: new URL(s.config.publicUrl).origin,
    });
    expect(r.body.key).not.toBe(old);
    expect((await keyOf()).key).toBe(r.body.key);
    expect((await keys()).filter((k) => k.product_id !== w.acmeProduct)).toEqual(others);
    for (const [path, query] of [
      ['/iframe/360', q],
      ['/viewer/', { id_product: w.acmeProduct }],
    ] as const) {
      const gone = await page(path, { ...query, key: old });
      expect(gone.status).toBe(404);
      expect(gone.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await gone.text()).toContain(UNAVAILABLE_TITLE);
      expect((await page(path, { ...query, key: r.body.key })).status).toBe(200);
    }
    expect((await call(s, 'GET', '/public/360', { query: { ...q, key: old } })).status).toBe(404);
  });

  it('a 3D viewer editor and staff in the provider context may rotate too', async () => {
    expect((await rotate(viewerEditor, { id_product: w.acmeProduct, id_customer: w.acme })).status).toBe(200);
    expect((await rotate(w.tok.staff, { id_product: w.borProduct, id_customer: -1 })).status).toBe(200);
  });
});

describe('the embed code a user copies is the address oEmbed answers for', () => {
  it('the key says PUBLIC_URL; a code built from it is answered, also for an upload group', async () => {
    const k = await keyOf();
    expect(k.public_url).toBe(new URL(s.config.publicUrl).origin);
    const group = (await s.db.one<{ id: number }>('SELECT id FROM upload_groups WHERE product_id = $1 ORDER BY id LIMIT 1', [
      w.acmeProduct,
    ]))!.id;
    const src = spinEmbedUrl({
      origin: k.public_url,
      productId: w.acmeProduct,
      productName: 'ACM-1001',
      shareKey: k.key,
      source: { groupId: group },
    });
    expect(src).toBe(
      `${k.public_url}/iframe/360?id_product=${w.acmeProduct}&id_customization=${group}&uploadimage=1&key=${k.key}`,
    );
    const o = await fetch(`${s.url}/oembed?url=${encodeURIComponent(src)}`);
    expect(o.status).toBe(200);
    const body = (await o.json()) as { html: string; title: string };
    expect(body.html).toContain(`src="${src.replace(/&/g, '&amp;')}"`);
    expect(body.title).toMatch(/\(photos\)$/);
    // The page itself answers, with the oEmbed link of its own address.
    const html = await (await fetch(`${s.url}${new URL(src).pathname}${new URL(src).search}`)).text();
    expect(html).toContain(`/oembed?url=${encodeURIComponent(src)}`.replace(/&/g, '&amp;'));
  });

  it("uploadimage=1 plays the named group, and another product's group looks missing", async () => {
    const k = (await keyOf()).key;
    const mine = (await s.db.one<{ id: number }>('SELECT id FROM upload_groups WHERE product_id = $1 ORDER BY id LIMIT 1', [
      w.acmeProduct,
    ]))!.id;
    const theirs = (await s.db.one<{ id: number }>('SELECT id FROM upload_groups WHERE product_id = $1 ORDER BY id LIMIT 1', [
      w.borProduct,
    ]))!.id;
    const ask = (group: number) =>
      call(s, 'GET', '/public/360', { query: { id_product: w.acmeProduct, id_customization: group, uploadimage: 1, key: k } });
    const ok = await ask(mine);
    expect(ok.status).toBe(200);
    expect(await s.db.one('SELECT 1 FROM frame_sets WHERE group_id = $1', [mine])).toBeTruthy();
    expect((await ask(theirs)).status).toBe(404);
    expect(
      (await page('/iframe/360', { id_product: w.acmeProduct, id_customization: theirs, uploadimage: 1, key: k })).status,
    ).toBe(404);
    expect(
      (await page('/iframe/360', { id_product: w.acmeProduct, id_customization: mine, uploadimage: 1, key: k })).status,
    ).toBe(200);
  });
});
