// "Download All Images" (document 3 §4, §7): a zip-name call, then the download call answering a url.
// The zip is opened and its entries checked; names cannot be guessed or walked out of storage; zips expire.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZIP_LIFETIME_MS, sweepExpiredZips } from '../../server/domain/imagery-zips.ts';
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

const q = (extra: Record<string, unknown> = {}) => ({ id_product: w.acmeProduct, id_customer: w.acme, ...extra });
const zipCall = (path: string, token = w.tok.viewer, query = q()) =>
  call(s, 'GET', path, { token, query: query as Record<string, string | number> });
const download = (zip_name: string, token = w.tok.viewer) =>
  call(s, 'GET', '/gets/product/download/zip/images-uploaded', { token, query: { zip_name } });
const uploads = async (section: string, group?: number) =>
  (
    await s.db.query<{ path: string }>(
      'SELECT path FROM product_uploads WHERE product_id = $1 AND section = $2 AND ($3::int IS NULL OR group_id = $3) ORDER BY group_id, id',
      [w.acmeProduct, section, group ?? null],
    )
  ).map((r) => r.path);

/** Follows the two calls, fetches the url from /storage and opens the zip. */
async function fetchZip(path: string, query = q()) {
  const named = await zipCall(path, w.tok.viewer, query);
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  expect(Object.keys(named.body).sort()).toEqual(['name_zip', 'success']);
  expect(named.body.name_zip).toMatch(/^[A-Za-z0-9_-]{22}$/);
  const d = await download(named.body.name_zip);
  expect(d.status).toBe(200);
  expect(Object.keys(d.body).sort()).toEqual(['expires_at', 'success', 'url']);
  expect(d.body.url).toMatch(new RegExp(`^/storage/zips/${named.body.name_zip}/ACM-1001_\\w+_\\d{4}-\\d\\d-\\d\\d\\.zip$`));
  expect(Date.parse(d.body.expires_at) - Date.now()).toBeGreaterThan(ZIP_LIFETIME_MS - 60_000);
  const res = await fetch(`${s.url}${d.body.url}`);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { name: named.body.name_zip as string, url: d.body.url as string, bytes, zip: await JSZip.loadAsync(bytes) };
}

/** Every entry is STORE (method 0 in the central directory) and holds the stored file's bytes. */
async function expectEntries(bytes: Buffer, zip: JSZip, expected: [string, string][]) {
  expect(Object.keys(zip.files).filter((n) => !zip.files[n]!.dir)).toEqual(expected.map(([name]) => name));
  for (const [name, path] of expected) {
    expect(Buffer.from(await zip.file(name)!.async('uint8array'))).toEqual(readFileSync(join(s.config.storageDir, path)));
  }
  let methods = 0;
  for (
    let i = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    i >= 0;
    i = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), i + 4)
  ) {
    expect(bytes.readUInt16LE(i + 10), 'compression method').toBe(0);
    methods++;
  }
  expect(methods).toBe(expected.length);
}

describe('zips of uploaded images', () => {
  it('silo: every uploaded image, <SKU>_<nn>.<ext>, stored', async () => {
    const paths = await uploads('silo');
    expect(paths.length).toBe(2);
    const { bytes, zip, url } = await fetchZip('/gets/product/zip/images-uploaded');
    expect(url).toContain('/ACM-1001_silo_');
    await expectEntries(
      bytes,
      zip,
      paths.map((p, i) => [`ACM-1001_0${i + 1}.jpg`, p]),
    );
  });

  it('vignette: the same from its own call', async () => {
    const { bytes, zip } = await fetchZip('/gets/product/zip/vignette/images-uploaded');
    await expectEntries(
      bytes,
      zip,
      (await uploads('vignette')).map((p, i) => [`ACM-1001_0${i + 1}.jpg`, p]),
    );
  });

  it('360: one group (id_image), or every group in its own folder', async () => {
    const group = (await s.db.one<{ id: number }>('SELECT id FROM upload_groups WHERE product_id = $1', [w.acmeProduct]))!.id;
    const one = await fetchZip('/gets/product/zip/360/images-uploaded', q({ id_image: group }));
    await expectEntries(
      one.bytes,
      one.zip,
      (await uploads('360', group)).map((p, i) => [`ACM-1001_0${i + 1}.jpg`, p]),
    );
    // A second group, then the whole set.
    const g2 = await call(s, 'GET', '/gets/product/images-uploaded/360/new-group', { token: w.tok.acme, query: q() });
    const png = readFileSync(join(s.config.storageDir, (await uploads('silo'))[0]!));
    const up = await call(s, 'POST', '/posts/product/images-uploaded/360/store', {
      token: w.tok.acme,
      form: (() => {
        const f = new FormData();
        for (const [k, v] of Object.entries(q({ id_folder: g2.body.new_id }))) f.append(k, String(v));
        f.append('file_image', new Blob([png]), 'x.jpg');
        return f;
      })(),
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const all = await fetchZip('/gets/product/zip/360/images-uploaded');
    const first = (await uploads('360', group)).map((p, i): [string, string] => [`group-01/ACM-1001_0${i + 1}.jpg`, p]);
    await expectEntries(all.bytes, all.zip, [...first, ['group-02/ACM-1001_01.jpg', up.body.path_image]]);
  });

  it('refuses a product with nothing uploaded (422) and a group of another product (404)', async () => {
    const empty = (await s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1009'"))!.id;
    const r = await zipCall('/gets/product/zip/images-uploaded', w.tok.viewer, q({ id_product: empty }));
    expectRefused(r, [422]);
    expect(r.body.message).toBe('There are no uploaded images to download.');
    const borGroup = (await s.db.one<{ id: number }>('SELECT id FROM upload_groups WHERE product_id = $1', [w.borProduct]))!.id;
    expectRefused(await zipCall('/gets/product/zip/360/images-uploaded', w.tok.viewer, q({ id_image: borGroup })), [404], /BOR-/);
  });
});

describe('the zip name and the download call', () => {
  let name: string;
  beforeAll(async () => {
    name = (await zipCall('/gets/product/zip/images-uploaded')).body.name_zip;
  });

  it('refuses names that could walk out of storage, or are not a token, with 422', async () => {
    for (const bad of [
      '../../../etc/passwd',
      '..%2F..%2Fdb',
      `${name}/../x`,
      'a'.repeat(21),
      'a'.repeat(23),
      `${name.slice(0, 21)}.`,
      '',
      BIG.slice(0, 8000),
    ]) {
      expectRefused(await download(bad), [422]);
    }
  });

  it('answers an unknown token like a missing zip (404)', async () => {
    expectRefused(await download('A'.repeat(22)), [404]);
  });

  it("is refused to another company (404), a user without the section's slug (403) and no-slug members (403)", async () => {
    expectRefused(await download(name, w.tok.borealis), [404]);
    expectRefused(await download(name, w.tok.noslug), [403]);
    const vignette = (await zipCall('/gets/product/zip/vignette/images-uploaded')).body.name_zip;
    expectRefused(await download(vignette, w.tok.siloReader), [403]); // holds silo, not vignette
    expect((await download(name, w.tok.siloReader)).status).toBe(200);
    expect((await download(name, w.tok.staff)).status).toBe(200);
  });

  it('names are random; the same files asked again get the same zip while it has half its life left', async () => {
    expect((await zipCall('/gets/product/zip/images-uploaded')).body.name_zip).toBe(name);
    expect((await zipCall('/gets/product/zip/images-uploaded', w.tok.acme)).body.name_zip).toBe(name);
    const vignette = (await zipCall('/gets/product/zip/vignette/images-uploaded')).body.name_zip;
    expect(vignette).not.toBe(name);
    await s.db.query(`UPDATE download_zips SET expires_at = now() + interval '20 minutes' WHERE token = $1`, [name]);
    const fresh = (await zipCall('/gets/product/zip/images-uploaded')).body.name_zip;
    expect(fresh).not.toBe(name);
    expect((await download(name)).status).toBe(200); // the older one still works until it expires
  });

  it('expires: the download call refuses it, and the next sweep deletes file and row', async () => {
    const n = (await zipCall('/gets/product/zip/images-uploaded')).body.name_zip;
    const url = (await download(n)).body.url as string;
    const file = join(s.config.storageDir, decodeURIComponent(url.replace(/^\/storage\//, '')));
    expect(existsSync(file)).toBe(true);
    await s.db.query(`UPDATE download_zips SET expires_at = now() - interval '1 second' WHERE token = $1`, [n]);
    expectRefused(await download(n), [404]);
    // The next zip call sweeps (so does every server every ZIP_SWEEP_MS).
    expect((await zipCall('/gets/product/zip/images-uploaded')).status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect(await s.db.one('SELECT 1 FROM download_zips WHERE token = $1', [n])).toBeUndefined();
    expect((await fetch(`${s.url}${url}`)).status).toBe(404);
  });

  it('the sweep also clears a folder no zip row knows, once it is older than a lifetime', async () => {
    const { mkdirSync, writeFileSync, utimesSync } = await import('node:fs');
    const dir = join(s.config.storageDir, 'zips', 'orphan-build-000000000');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'half.zip.part'), 'x');
    await sweepExpiredZips(s.db, s.app.services.storage);
    expect(existsSync(dir)).toBe(true); // young: maybe still being written
    const old = new Date(Date.now() - ZIP_LIFETIME_MS - 60_000);
    utimesSync(dir, old, old);
    await sweepExpiredZips(s.db, s.app.services.storage);
    expect(existsSync(dir)).toBe(false);
  });
});
