// Issue 14: share keys and the public embed calls and pages. A wrong or missing key answers 404 with
// nothing of the product; another company's product looks missing; bad input is a 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call } from '../support/http.ts';
import { world, type World } from './imagery.fixtures.ts';
import { UNAVAILABLE_TEXT, UNAVAILABLE_TITLE } from '../../src/entries/unavailable.ts';

let s: TestServer;
let w: World;
let key: string;
let preset: number;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  preset = (await s.db.one<{ id: number }>(
    "SELECT min(id) AS id FROM product_presets WHERE product_id = $1 AND section = '360'",
    [w.acmeProduct],
  ))!.id;
  key = (
    await call(s, 'GET', '/gets/product/share-key', {
      token: w.tok.acme,
      query: { id_product: w.acmeProduct, id_customer: w.acme },
    })
  ).body.key;
});
afterAll(async () => {
  await s.close();
});

const page = (path: string, q: Record<string, string | number>) =>
  fetch(`${s.url}${path}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`);

describe('share keys', () => {
  it('are made on first ask, 22 url-safe characters, the same on every ask', async () => {
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const again = await call(s, 'GET', '/gets/product/share-key', {
      token: w.tok.viewer,
      query: { id_product: w.acmeProduct, id_customer: w.acme },
    });
    expect(again.body).toEqual({ success: true, key, public_url: new URL(s.config.publicUrl).origin });
  });

  it("refuse another company's product as missing, and a member without a 360 or 3D slug", async () => {
    const foreign = await call(s, 'GET', '/gets/product/share-key', {
      token: w.tok.borealis,
      query: { id_product: w.acmeProduct, id_customer: w.borealis },
    });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(key);
    const noslug = await call(s, 'GET', '/gets/product/share-key', {
      token: w.tok.noslug,
      query: { id_product: w.acmeProduct, id_customer: w.acme },
    });
    expect(noslug.status).toBe(403);
    const bad = await call(s, 'GET', '/gets/product/share-key', {
      token: w.tok.acme,
      query: { id_product: 'x', id_customer: w.acme },
    });
    expect(bad.status).toBe(422);
  });

  it('rotate: the old key answers 404 from then on (readers may not rotate)', async () => {
    const reader = await call(s, 'POST', '/posts/product/share-key/rotate', {
      token: w.tok.viewer,
      body: { id_product: w.borProduct, id_customer: w.acme },
    });
    expect(reader.status).toBe(404);
    const bor = (
      await call(s, 'GET', '/gets/product/share-key', {
        token: w.tok.borealis,
        query: { id_product: w.borProduct, id_customer: w.borealis },
      })
    ).body.key;
    const rotated = await call(s, 'POST', '/posts/product/share-key/rotate', {
      token: w.tok.borealis,
      body: { id_product: w.borProduct, id_customer: w.borealis },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.key).not.toBe(bor);
    expect((await call(s, 'GET', '/public/viewer', { query: { id_product: w.borProduct, key: bor } })).status).toBe(404);
    expect((await call(s, 'GET', '/public/viewer', { query: { id_product: w.borProduct, key: rotated.body.key } })).status).toBe(
      200,
    );
  });
});

describe('public calls and pages', () => {
  const wrongKeys = () => [undefined, '', 'x'.repeat(22), key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A')];

  it('/public/360 answers the frames with the key, and 404 with no bytes of the product without it', async () => {
    const ok = await call(s, 'GET', '/public/360', {
      query: { id_product: w.acmeProduct, id_customization: preset, frames: 24, key },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.name).toBeTruthy();
    expect(['ready', 'rendering']).toContain(ok.body.status);
    expect(ok.headers.get('cache-control')).toMatch(/^public/);
    for (const k of wrongKeys()) {
      const r = await call(s, 'GET', '/public/360', {
        query: { id_product: w.acmeProduct, id_customization: preset, frames: 24, key: k },
      });
      expect(r.status).toBe(404);
      expect(JSON.stringify(r.body)).not.toContain(ok.body.name);
      expect(JSON.stringify(r.body)).not.toContain(ok.body.sku);
    }
    // Another product's key does not open this one; a preset of another product looks missing.
    const borKey = (
      await call(s, 'GET', '/gets/product/share-key', {
        token: w.tok.borealis,
        query: { id_product: w.borProduct, id_customer: w.borealis },
      })
    ).body.key;
    expect(
      (
        await call(s, 'GET', '/public/360', {
          query: { id_product: w.acmeProduct, id_customization: preset, frames: 24, key: borKey },
        })
      ).status,
    ).toBe(404);
    const borPreset = (await s.db.one<{ id: number }>(
      "SELECT min(id) AS id FROM product_presets WHERE product_id = $1 AND section = '360'",
      [w.borProduct],
    ))!.id;
    expect(
      (
        await call(s, 'GET', '/public/360', {
          query: { id_product: w.acmeProduct, id_customization: borPreset, frames: 24, key },
        })
      ).status,
    ).toBe(404);
  });

  it('/public/360 refuses bad input with a 4xx', async () => {
    for (const q of [{ frames: 12 }, { frames: 'x' }, { id_customization: -1 }, { uploadimage: 2 }, { id_product: 0 }]) {
      const r = await call(s, 'GET', '/public/360', {
        query: { id_product: w.acmeProduct, id_customization: preset, frames: 24, key, ...q },
      });
      expect(r.status, JSON.stringify(q)).toBe(422);
    }
  });

  it('/public/viewer answers the model with the key, 404 without', async () => {
    const ok = await call(s, 'GET', '/public/viewer', { query: { id_product: w.acmeProduct, key } });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body).sort()).toEqual(['file_glb', 'file_usdz', 'name', 'poster', 'success']);
    for (const k of wrongKeys())
      expect((await call(s, 'GET', '/public/viewer', { query: { id_product: w.acmeProduct, key: k } })).status).toBe(404);
  });

  it('the pages answer 404 without a valid key, and carry the oEmbed discovery link with it', async () => {
    const good = await page('/iframe/360', { id_product: w.acmeProduct, id_customization: preset, frames: 48, key });
    expect(good.status).toBe(200);
    const html = await good.text();
    expect(html).toMatch(/<link rel="alternate" type="application\/json\+oembed" href="[^"]+\/oembed\?url=/);
    expect((await page('/viewer/', { id_product: w.acmeProduct, key })).status).toBe(200);
    for (const k of wrongKeys().filter((x) => x !== undefined)) {
      const r = await page('/iframe/360', { id_product: w.acmeProduct, id_customization: preset, frames: 24, key: k! });
      expect(r.status).toBe(404);
      expect(await r.text()).not.toMatch(/ACM|Acme/);
      expect((await page('/viewer/', { id_product: w.acmeProduct, key: k! })).status).toBe(404);
    }
    expect((await page('/iframe/360', { id_product: w.acmeProduct, id_customization: preset, frames: 12, key })).status).toBe(
      404,
    );
  });

  it('a wrong, missing or rotated key gives the small "not available" page: HTML, 404, words and no JSON', async () => {
    const own = (
      await call(s, 'GET', '/gets/product/share-key', {
        token: w.tok.acme,
        query: { id_product: w.acmeProduct, id_customer: w.acme },
      })
    ).body.key;
    const asks: Array<[string, Record<string, string | number>]> = [
      ['/iframe/360', { id_product: w.acmeProduct, id_customization: preset, frames: 24, key: 'wrong-key-wrong-key-00' }],
      ['/iframe/360', { id_product: 999999, id_customization: preset, frames: 24, key: own }],
      ['/viewer/', { id_product: w.acmeProduct, key: 'wrong-key-wrong-key-00' }],
      ['/viewer/', { id_product: w.acmeProduct }],
    ];
    for (const [path, q] of asks) {
      const r = await page(path, q);
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
      const body = await r.text();
      expect(body).toContain(UNAVAILABLE_TITLE);
      expect(body).toContain(UNAVAILABLE_TEXT);
      expect(body).not.toContain('{"success"');
      expect(body).not.toMatch(/ACM|Acme/);
    }
  });

  it('/oembed answers type rich with an iframe embed code, sized within maxwidth × maxheight', async () => {
    const url = `${s.config.publicUrl}/iframe/360?id_product=${w.acmeProduct}&id_customization=${preset}&frames=24&key=${key}`;
    const r = await fetch(`${s.url}/oembed?url=${encodeURIComponent(url)}&maxwidth=400&maxheight=300`);
    expect(r.status).toBe(200);
    const o = (await r.json()) as Record<string, unknown>;
    expect(o.type).toBe('rich');
    expect(o.version).toBe('1.0');
    expect(o.width as number).toBeLessThanOrEqual(400);
    expect(o.height as number).toBeLessThanOrEqual(300);
    expect(o.html).toMatch(
      /^<iframe src="[^"]+" title="[^"]+" loading="lazy" allow="fullscreen" allowfullscreen style="width:100%;aspect-ratio:/,
    );
    // The 3D viewer's code, as the portal's: WebXR AR may start inside the frame (issue 40).
    const viewer = `${s.config.publicUrl}/viewer/?id_product=${w.acmeProduct}&key=${key}`;
    const v = (await (await fetch(`${s.url}/oembed?url=${encodeURIComponent(viewer)}`)).json()) as Record<string, unknown>;
    expect(v.html).toMatch(/ allow="fullscreen; xr-spatial-tracking" allowfullscreen /);
    const wrong = await fetch(`${s.url}/oembed?url=${encodeURIComponent(url.replace(key, 'nope'))}`);
    expect(wrong.status).toBe(404);
    const elsewhere = await fetch(`${s.url}/oembed?url=${encodeURIComponent('https://example.com/iframe/360?id_product=1')}`);
    expect(elsewhere.status).toBe(404);
    expect((await fetch(`${s.url}/oembed?url=${encodeURIComponent(url)}&format=xml`)).status).toBe(422);
    expect((await fetch(`${s.url}/oembed`)).status).toBe(422);
  });
});
