// The tenancy matrix of every imagery call: another company (with its own or the victim's id_customer),
// a reader without editor slugs, a member with no permission at all, and staff in the provider context
// (-1), who may do everything. Refusals leak nothing and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/api/contract/define.ts';
import { imagery } from '../../src/api/contract/imagery.ts';
import { imageryUploads } from '../../src/api/contract/imagery-uploads.ts';
import { silo, spin360, vignette } from '../../src/api/contract/imagery-presets.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, form, type CallOptions } from '../support/http.ts';
import { MP4, expectRefused, obj, png, world, type World } from './imagery.fixtures.ts';

let s: TestServer;
let w: World;
let image: Buffer;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  image = await png();
});
afterAll(async () => {
  await s.close();
});

interface Target {
  customer: number;
  product: number;
  preset: Record<string, number>;
  group: number;
  zip: string;
  image: string;
}

async function target(customer: number, product: number, token: string): Promise<Target> {
  const preset: Record<string, number> = {};
  for (const section of ['silo', 'vignette', '360']) {
    preset[section] = (await s.db.one<{ id: number }>(
      'SELECT min(id) AS id FROM product_presets WHERE product_id = $1 AND section = $2',
      [product, section],
    ))!.id;
  }
  const group = (await s.db.one<{ id: number }>('SELECT id FROM upload_groups WHERE product_id = $1', [product]))!.id;
  const zip = (
    await call(s, 'GET', '/gets/product/zip/images-uploaded', { token, query: { id_product: product, id_customer: customer } })
  ).body.name_zip;
  const img = (await s.db.one<{ path: string }>('SELECT path FROM product_images WHERE product_id = $1 LIMIT 1', [product]))!
    .path;
  return { customer, product, preset, group, zip, image: img };
}

const ENTRIES = {
  ...imagery,
  ...imageryUploads,
  ...prefix('silo', silo),
  ...prefix('vignette', vignette),
  ...prefix('360', spin360),
};
function prefix(p: string, group: Record<string, Endpoint>) {
  return Object.fromEntries(Object.entries(group).map(([k, v]) => [`${p}.${k}`, v]));
}

/** A valid call of each entry against a target, as its company (or `as` for id_customer). */
function request(name: string, e: Endpoint, t: Target, as = t.customer): CallOptions {
  const base = { id_product: t.product, id_customer: as };
  const section = name.split('.')[0]!;
  if (name === 'download') return { query: { zip_name: t.zip } };
  if (name === 'resourceDelete') return { query: { id_product: t.product, image: t.image } };
  if (name === 'tailor') return { body: { ...base, page: 'Vignette' } };
  if (name === 'zip360') return { query: { ...base, id_image: t.group } };
  if (e.files) {
    const [field, rule] = Object.entries(e.files)[0]!;
    const file =
      rule.kind === 'video'
        ? { name: 'x.mp4', bytes: MP4 }
        : rule.kind === 'model3d'
          ? { name: 'x.obj', bytes: obj() }
          : { name: 'x.png', bytes: image };
    const extra: Record<string, number> = name === 'store360' ? { id_folder: t.group } : {};
    return { form: form({ ...base, ...extra }, { [field]: file }) };
  }
  if (name.endsWith('.edit')) return { body: { ...base, id_product_config: t.preset[section]!, shadow: 12 } };
  if (name.endsWith('.remove')) return { query: { ...base, id_product_config: t.preset[section]! } };
  if (name.endsWith('.store')) return { body: { ...base, shadow: 12 } };
  return e.method === 'GET' ? { query: base } : { body: base };
}

/** What a refused call must not have changed, for one company (a reader's zip calls make zips: `zips` false). */
async function footprint(c: number, zips = true) {
  const rows = await s.db.query<Record<string, unknown>>(
    `SELECT (SELECT string_agg(pr.id || ':' || pr.version || ':' || pr.shadow, ',' ORDER BY pr.id) FROM product_presets pr JOIN products p ON p.id = pr.product_id WHERE p.customer_id = $1) AS presets,
            (SELECT count(*)::int FROM product_uploads u JOIN products p ON p.id = u.product_id WHERE p.customer_id = $1) AS uploads,
            (SELECT count(*)::int FROM upload_groups g JOIN products p ON p.id = g.product_id WHERE p.customer_id = $1) AS groups,
            (SELECT count(*)::int FROM product_images i JOIN products p ON p.id = i.product_id WHERE p.customer_id = $1) AS images,
            (SELECT string_agg(coalesce(v.image_lazy_load, ''), ',') FROM product_viewers v JOIN products p ON p.id = v.product_id WHERE p.customer_id = $1) AS viewers,
            (SELECT count(*)::int FROM tailor_requests WHERE customer_id = $1) AS tailor,
            (SELECT count(*)::int FROM download_zips WHERE customer_id = $1) AS zips`,
    [c],
  );
  return rows.map(({ zips: n, ...rest }) => (zips ? { ...rest, zips: n } : rest));
}

const isWrite = (name: string, e: Endpoint) => e.method !== 'GET' || name === 'newGroup360';

describe('another company', () => {
  for (const dir of ['borealis on acme', 'acme on borealis'] as const) {
    it(`${dir}: every call refused (403 with their company, 404 with its own), nothing leaked or changed`, async () => {
      const acme = await target(w.acme, w.acmeProduct, w.tok.acme);
      const bor = await target(w.borealis, w.borProduct, w.tok.borealis);
      const [victim, own, token] = dir === 'borealis on acme' ? [acme, bor, w.tok.borealis] : [bor, acme, w.tok.acme];
      const before = await footprint(victim.customer);
      for (const [name, e] of Object.entries(ENTRIES)) {
        const theirs = await call(s, e.method, e.path, { ...request(name, e, victim), token });
        expect.soft([403, 404], `${name} (their id_customer): ${theirs.status}`).toContain(theirs.status);
        expectRefused(theirs, [403, 404], /ACM-|BOR-|automation\/|uploads\//);
        if (name === 'download' || name === 'resourceDelete') continue; // no id_customer to swap
        const mine = await call(s, e.method, e.path, { ...request(name, e, victim, own.customer), token });
        expect.soft(mine.status, `${name} (own id_customer)`).toBe(404);
        expectRefused(mine, [404], /ACM-|BOR-|automation\/|uploads\//);
      }
      expect(await footprint(victim.customer)).toEqual(before);
    });
  }
});

describe('permissions within the company', () => {
  it('a reader (the Acme viewer) reads every list but is refused every write (403)', async () => {
    const t = await target(w.acme, w.acmeProduct, w.tok.acme);
    const before = await footprint(w.acme, false);
    let writes = 0;
    for (const [name, e] of Object.entries(ENTRIES)) {
      const r = await call(s, e.method, e.path, { ...request(name, e, t), token: w.tok.viewer });
      if (isWrite(name, e)) {
        writes++;
        expect.soft(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(403);
      } else {
        expect.soft(r.status, `${name}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
      }
    }
    expect(writes).toBe(18); // 9 preset writes, 6 uploads, the new group, resource delete and the tailor request
    expect(await footprint(w.acme, false)).toEqual(before);
  });

  it('a member with no permission at all is refused every call (403)', async () => {
    const t = await target(w.acme, w.acmeProduct, w.tok.acme);
    const before = await footprint(w.acme);
    for (const [name, e] of Object.entries(ENTRIES)) {
      const r = await call(s, e.method, e.path, { ...request(name, e, t), token: w.tok.noslug });
      expect.soft(r.status, name).toBe(403);
      expectRefused(r, [403]);
    }
    expect(await footprint(w.acme)).toEqual(before);
  });

  it('a silo reader reads silo and nothing else', async () => {
    const t = await target(w.acme, w.acmeProduct, w.tok.acme);
    const get = (path: string) =>
      call(s, 'GET', path, { token: w.tok.siloReader, query: { id_product: t.product, id_customer: t.customer } });
    expect((await get('/gets/product/automation/silo/config/show')).status).toBe(200);
    expect((await get('/gets/product/automation/silo/images/show')).status).toBe(200);
    for (const path of [
      '/gets/product/automation/vignette/config/show',
      '/gets/product/automation/360/images/show',
      '/gets/product/images_uploaded/videos',
      '/gets/product/automation/3dviewer/links',
      '/gets/product/automation/3dfiles/links',
    ]) {
      expectRefused(await get(path), [403]);
    }
  });

  it('needs a token for every call (401)', async () => {
    const t = await target(w.acme, w.acmeProduct, w.tok.acme);
    for (const [name, e] of Object.entries(ENTRIES)) expectRefused(await call(s, e.method, e.path, request(name, e, t)), [401]);
  });
});

describe('staff in the provider context (-1)', () => {
  it('may make every call on any company (order: reads, writes, then deletes)', async () => {
    const t = await target(w.borealis, w.borProduct, w.tok.borealis);
    const order = (name: string) => (name.endsWith('.remove') || name === 'resourceDelete' ? 2 : 0);
    for (const [name, e] of Object.entries(ENTRIES).sort(([a], [b]) => order(a) - order(b))) {
      const r = await call(s, e.method, e.path, { ...request(name, e, t, -1), token: w.tok.staff });
      expect.soft(r.status, `${name}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
    }
    // Files they upload go to the product's company.
    const up = await s.db.one<{ path: string }>(
      'SELECT path FROM product_uploads WHERE product_id = $1 ORDER BY id DESC LIMIT 1',
      [w.borProduct],
    );
    expect(up!.path).toMatch(new RegExp(`^products/${w.borealis}/${w.borProduct}/`));
  });
});
