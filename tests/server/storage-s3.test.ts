// Stored files in an S3-compatible bucket (STORAGE_URL=s3://…): a real s3rver started here.
// Uploads and their thumbnails go to the bucket, not to disk; /storage streams them back with the
// store's ETag (304) and byte ranges (206, 416); zips are built from bucket files into the bucket.
// /readyz's probe writes to the bucket too. The database plays no part in how files are stored: this
// file runs on PGlite only (vitest.config.ts, PGLITE_ONLY; two-process.test.ts covers S3 on
// PostgreSQL), which keeps npm test short.
import { existsSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbOf } from '../../server/storage/files.ts';
import { LocalDisk } from '../../server/storage/local-disk.ts';
import { S3Store } from '../../server/storage/s3.ts';
import type { ObjectStore } from '../../server/storage/store.ts';
import { call, form } from '../support/http.ts';
import { startS3, type S3Fixture } from '../support/s3.ts';
import { TMP } from '../support/seed-snapshot.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { jpeg, png, world, type World } from './imagery.fixtures.ts';

let s3: S3Fixture;
let s: TestServer;
let w: World;
let P: number;
let bucket: S3Store;
const prefix = `t${process.pid}${Date.now()}`;
beforeAll(async () => {
  s3 = await startS3();
  s = await startTestServer(s3.config(prefix));
  w = await world(s);
  P = (await s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1005'"))!.id;
  bucket = s.app.services.storage.store as S3Store;
});
afterAll(async () => {
  await s?.close();
  await s3?.close();
});

const sendImage = async (name: string, bytes: Buffer) => {
  const r = await call(s, 'POST', '/posts/product/images-uploaded/store', {
    token: w.tok.acme,
    form: form({ id_product: P, id_customer: w.acme }, { file_image: { name, bytes } }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.path_image as string;
};

describe.each(['local disk', 's3'])('the %s store', (kind) => {
  const store = (): ObjectStore => (kind === 's3' ? bucket : new LocalDisk(mkdtempSync(join(TMP, 'store-'))));
  it('writes, reads, lists folders and removes', async () => {
    const st = store();
    await st.write('a/one/x.txt', Buffer.from('hello'));
    await st.write('a/two/y.bin', Readable.from([Buffer.from('streamed '), Buffer.from('bytes')]));
    expect((await st.read('a/one/x.txt')).toString()).toBe('hello');
    const chunks: Buffer[] = [];
    for await (const c of await st.readStream('a/two/y.bin')) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('streamed bytes');
    expect(await st.exists('a/one/x.txt')).toBe(true);
    expect(await st.exists('a/one/none.txt')).toBe(false);
    await expect(st.readStream('a/none.bin')).rejects.toThrow();
    const folders = await st.folders('a');
    expect(folders.map((f) => f.name).sort()).toEqual(['one', 'two']);
    for (const f of folders) expect(Math.abs(Date.now() - f.modified)).toBeLessThan(60_000);
    await st.remove('a/one/x.txt');
    await st.remove('a/one/x.txt'); // missing is fine
    expect(await st.exists('a/one/x.txt')).toBe(false);
    await st.removeFolder('a/two');
    expect(await st.exists('a/two/y.bin')).toBe(false);
    await st.removeFolder('a');
    expect(await st.folders('a')).toEqual([]);
    await expect((async () => st.write('../out.txt', Buffer.from('x')))()).rejects.toThrow(/outside storage/);
  });
});

describe('uploads on S3', () => {
  it('go to the bucket with their thumbnail, nothing on the local disk; a delete removes both', async () => {
    const bytes = await png(900, 300);
    expect(existsSync(join(s.config.storageDir, await sendImage('wide.png', bytes)))).toBe(false);
    const up = await call(s, 'POST', '/posts/product/resource/store', {
      token: w.tok.acme,
      form: form({ id_product: P }, { image: { name: 'wide.png', bytes } }),
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const path = up.body.path as string;
    expect(await bucket.read(path)).toEqual(bytes);
    expect((await sharp(await bucket.read(thumbOf(path))).metadata()).width).toBe(400);
    expect(existsSync(join(s.config.storageDir, path))).toBe(false);
    const del = await call(s, 'DELETE', '/deletes/product/resource/delete', {
      token: w.tok.acme,
      query: { id_product: P, image: path },
    });
    expect(del.status).toBe(200);
    expect(await bucket.exists(path)).toBe(false);
    expect(await bucket.exists(thumbOf(path))).toBe(false);
  });

  it('/storage streams them back with ETag, 304, ranges, and never private/', async () => {
    const bytes = await png(64, 64);
    const path = await sendImage('small.png', bytes);
    const url = `${s.url}/storage/${path}`;
    const full = await fetch(url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/png');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('cache-control')).toBe('private, max-age=604800');
    expect(Buffer.from(await full.arrayBuffer())).toEqual(bytes);
    const etag = full.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const part = await fetch(url, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(10, 20));
    expect((await fetch(url, { headers: { range: `bytes=${bytes.length + 5}-` } })).status).toBe(416);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect((await fetch(`${s.url}/storage/${thumbOf(path)}`)).status).toBe(200);
    // A Download link: an attachment under the uploaded name (a technical file's, kept in its row).
    const file = await call(s, 'POST', '/posts/product/asset/store', {
      token: w.tok.acme,
      form: form({ id_product: P }, { file: { name: 'spec.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') } }),
    });
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    const saved = await fetch(`${s.url}/storage/${file.body.path}?download=1`);
    expect(saved.headers.get('content-disposition')).toBe(`attachment; filename="spec.pdf"; filename*=UTF-8''spec.pdf`);
    expect(Buffer.from(await saved.arrayBuffer()).toString()).toBe('%PDF-1.4\n%%EOF\n');
    await bucket.write('private/secret.txt', Buffer.from('secret'));
    for (const p of ['private/secret.txt', 'products/none.png', '..%2Fprivate%2Fsecret.txt', 'a/..%2F..%2Fprivate/secret.txt']) {
      const r = await fetch(`${s.url}/storage/${p}`);
      expect(r.status, p).toBe(404);
    }
  });

  it('zips are built from bucket files into the bucket and downloaded from it', async () => {
    const a = await jpeg();
    const first = await sendImage('a.jpg', a);
    const b = await png();
    const second = await sendImage('b.png', b);
    const named = await call(s, 'GET', '/gets/product/zip/images-uploaded', {
      token: w.tok.viewer,
      query: { id_product: P, id_customer: w.acme },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const d = await call(s, 'GET', '/gets/product/download/zip/images-uploaded', {
      token: w.tok.viewer,
      query: { zip_name: named.body.name_zip },
    });
    expect(d.status).toBe(200);
    const stored = decodeURIComponent(d.body.url.replace(/^\/storage\//, ''));
    expect(await bucket.exists(stored)).toBe(true);
    const res = await fetch(`${s.url}${d.body.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    const files = Object.values(zip.files).filter((f) => !f.dir);
    // Seeded uploads of this product have no bytes in this fresh bucket: left out, as missing files are.
    const contents = await Promise.all(files.map(async (f) => Buffer.from(await f.async('uint8array'))));
    expect(contents).toContainEqual(a);
    expect(contents).toContainEqual(b);
    const row = await s.db.one<{ bytes: number }>('SELECT bytes FROM download_zips WHERE token = $1', [named.body.name_zip]);
    expect(row!.bytes).toBe(Number(res.headers.get('content-length')));
    expect([first, second].every((p) => p.startsWith(`products/${w.acme}/${P}/uploads/silo/`))).toBe(true);
  });
});

describe('/readyz on an S3 store', () => {
  const ready = async (base: string) => {
    const r = await fetch(`${base}/readyz`);
    return { status: r.status, body: (await r.json()) as unknown };
  };

  it('writes its probe to the bucket: 200, and 503 when the store refuses (no such bucket)', async () => {
    const good = await s.twin(s3.config(`ready${process.pid}`));
    const refused = await s.twin({ ...s3.config('x'), storageUrl: 's3://no-such-bucket/x' });
    try {
      expect(await ready(good.url)).toEqual({ status: 200, body: { success: true } });
      expect(await ready(refused.url)).toEqual({
        status: 503,
        body: { success: false, message: expect.stringMatching(/^Stored files cannot be written\.$/) },
      });
    } finally {
      await good.close();
      await refused.close();
    }
  });
});
