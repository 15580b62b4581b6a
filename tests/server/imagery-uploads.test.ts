// Uploads of each section (document 3 §7): images of any decodable type with their _thumb, 360 groups,
// 3D files and videos sniffed by their bytes, the viewer's lazy-load image, product resource delete,
// and the lists that show them. Refused uploads write nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbOf } from '../../server/storage/files.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, form } from '../support/http.ts';
import {
  FAKE_PNG,
  MP4,
  PDF,
  expectFile,
  expectRefused,
  expectUploadedImage,
  gif,
  glb,
  jpeg,
  obj,
  png,
  tiff,
  usdz,
  world,
  type World,
} from './imagery.fixtures.ts';

let s: TestServer;
let w: World;
let P: number;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  P = (await s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1005'"))!.id;
});
afterAll(async () => {
  await s.close();
});

const send = (
  path: string,
  file: { name: string; bytes: Uint8Array },
  extra: Record<string, string | number> = {},
  token = w.tok.acme,
  field = 'file_image',
) => call(s, 'POST', path, { token, form: form({ id_product: P, id_customer: w.acme, ...extra }, { [field]: file }) });
const list = (path: string, token = w.tok.viewer) =>
  call(s, 'GET', path, { token, query: { id_product: P, id_customer: w.acme } });
const stored = (path: string) => join(s.config.storageDir, path);
const filesUnder = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length : 0;
const uploadsDir = () => join(s.config.storageDir, 'products', String(w.acme), String(P));

describe('image uploads (silo, vignette)', () => {
  it.each([
    ['silo', '/posts/product/images-uploaded/store'],
    ['vignette', '/posts/product/images-uploaded/vignette/store'],
  ] as const)('%s: any decodable image type, each with a _thumb, listed oldest first', async (section, path) => {
    const kinds = [
      ['a.png', await png()],
      ['b.JPEG', await jpeg()],
      ['c.gif', await gif()],
      ['d.tiff', await tiff()],
    ] as const;
    const answers = [];
    for (const [name, bytes] of kinds) {
      const r = await send(path, { name, bytes });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(['id', 'message', 'path_image', 'success']);
      expect(r.body.message).toBe('Uploaded successfully');
      expect(r.body.path_image).toMatch(
        new RegExp(`^products/${w.acme}/${P}/uploads/${section}/[0-9a-f-]{36}\\.(png|jpg|gif|tif)$`),
      );
      expect(readFileSync(stored(r.body.path_image))).toEqual(Buffer.from(bytes));
      expect(existsSync(stored(thumbOf(r.body.path_image)))).toBe(true);
      answers.push(r.body);
    }
    const got =
      section === 'silo'
        ? (await call(s, 'GET', '/gets/product', { token: w.tok.viewer, query: { id_product: P, id_customer: w.acme } })).body
            .product.images_uploaded
        : (await list('/gets/product/images_uploaded/vignette')).body.images_uploaded;
    got.forEach(expectUploadedImage);
    expect(got.map((u: { id: number }) => u.id)).toEqual(answers.map((a) => a.id));
    expect(got.map((u: { photo: string }) => u.photo)).toEqual(answers.map((a) => a.path_image));
    expect(got.map((u: { name: string }) => u.name)).toEqual(['a.png', 'b.JPEG', 'c.gif', 'd.tiff']);
  });

  it('keeps only the last segment of a ../ name, for display; the stored path is ours', async () => {
    const r = await send('/posts/product/images-uploaded/store', { name: '../../../etc/passwd.png', bytes: await png() });
    expect(r.status).toBe(200);
    expect(r.body.path_image).toMatch(new RegExp(`^products/${w.acme}/${P}/uploads/silo/[0-9a-f-]{36}\\.png$`));
    const row = await s.db.one<{ name: string }>('SELECT name FROM product_uploads WHERE id = $1', [r.body.id]);
    expect(row!.name).toBe('passwd.png');
    const windows = await send('/posts/product/images-uploaded/store', { name: '..\\..\\boot.ini\\x.png', bytes: await png() });
    expect((await s.db.one<{ name: string }>('SELECT name FROM product_uploads WHERE id = $1', [windows.body.id]))!.name).toBe(
      'x.png',
    );
  });
});

describe('360 upload groups', () => {
  it('asks a new group, uploads into it, lists groups with their photos; an empty group is handed out again', async () => {
    const g = await call(s, 'GET', '/gets/product/images-uploaded/360/new-group', {
      token: w.tok.acme,
      query: { id_product: P, id_customer: w.acme },
    });
    expect(g.status).toBe(200);
    expect(Object.keys(g.body).sort()).toEqual(['new_id', 'success']);
    const again = await call(s, 'GET', '/gets/product/images-uploaded/360/new-group', {
      token: w.tok.acme,
      query: { id_product: P, id_customer: w.acme },
    });
    expect(again.body.new_id).toBe(g.body.new_id);
    const paths = [];
    for (const name of ['1.jpg', '2.jpg', '3.png']) {
      const r = await send(
        '/posts/product/images-uploaded/360/store',
        { name, bytes: name.endsWith('png') ? await png() : await jpeg() },
        { id_folder: g.body.new_id },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.path_image).toMatch(
        new RegExp(`^products/${w.acme}/${P}/uploads/360/${g.body.new_id}/[0-9a-f-]{36}\\.(jpg|png)$`),
      );
      expect(existsSync(stored(thumbOf(r.body.path_image)))).toBe(true);
      paths.push(r.body.path_image);
    }
    const next = await call(s, 'GET', '/gets/product/images-uploaded/360/new-group', {
      token: w.tok.acme,
      query: { id_product: P, id_customer: w.acme },
    });
    expect(next.body.new_id).toBeGreaterThan(g.body.new_id);
    const l = await list('/gets/product/images_uploaded/360');
    expect(l.status).toBe(200);
    expect(l.body.images_uploaded).toHaveLength(1); // the empty new group is not listed
    const [group] = l.body.images_uploaded;
    expect(Object.keys(group).sort()).toEqual(['created_at', 'id', 'photo', 'updated_at']);
    expect(group).toMatchObject({ id: g.body.new_id, photo: paths });
  });

  it("refuses a folder of another product, a missing folder and another user's reuse trick", async () => {
    const other = (await s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1001'"))!.id;
    const theirs = (await s.db.one<{ id: number }>('SELECT id FROM upload_groups WHERE product_id = $1', [other]))!.id;
    expectRefused(
      await send('/posts/product/images-uploaded/360/store', { name: 'a.png', bytes: await png() }, { id_folder: theirs }),
      [404],
    );
    expectRefused(
      await send('/posts/product/images-uploaded/360/store', { name: 'a.png', bytes: await png() }, { id_folder: 99_999_999 }),
      [404],
    );
    expectRefused(await send('/posts/product/images-uploaded/360/store', { name: 'a.png', bytes: await png() }), [422]);
    // Staff get a group of their own, not the manager's empty one.
    const mine = await call(s, 'GET', '/gets/product/images-uploaded/360/new-group', {
      token: w.tok.acme,
      query: { id_product: P, id_customer: w.acme },
    });
    const staff = await call(s, 'GET', '/gets/product/images-uploaded/360/new-group', {
      token: w.tok.staff,
      query: { id_product: P, id_customer: -1 },
    });
    expect(staff.body.new_id).not.toBe(mine.body.new_id);
  });
});

describe('3D files and videos', () => {
  it.each([
    ['model.glb', glb, 'glb'],
    ['model.OBJ', async () => obj(), 'obj'],
    ['model.usdz', async () => usdz(), 'usdz'],
    ['model.fbx', async () => Buffer.from('Kaydara FBX Binary  \u0000\u001a\u0000' + 'x'.repeat(40), 'latin1'), 'fbx'],
    ['scene.blend', async () => Buffer.from('BLENDER-v300' + 'x'.repeat(40)), 'blend'],
  ] as const)('stores the 3D file %s and lists it', async (name, bytes, ext) => {
    const r = await send('/posts/product/images-uploaded/3dfiles/store', { name, bytes: await bytes() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.path_image).toMatch(new RegExp(`^products/${w.acme}/${P}/uploads/3dfiles/[0-9a-f-]{36}\\.${ext}$`));
    const l = await list('/gets/product/images_uploaded/3dfiles');
    l.body.files.forEach(expectFile);
    expect(l.body.files.at(-1)).toMatchObject({ id: r.body.id, link: r.body.path_image, extension: ext, name });
  });

  it('stores a video (mp4) and lists it', async () => {
    const r = await send('/posts/product/images-uploaded/videos/store', { name: 'spin.mp4', bytes: MP4 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const l = await list('/gets/product/images_uploaded/videos');
    l.body.files.forEach(expectFile);
    expect(l.body.files.at(-1)).toMatchObject({ link: r.body.path_image, extension: 'mp4', name: 'spin.mp4' });
    expect(readFileSync(stored(r.body.path_image))).toEqual(MP4);
    // Its Download link saves it under the name it was uploaded with.
    const saved = await fetch(`${s.url}/storage/${r.body.path_image}?download=1`);
    expect(saved.headers.get('content-disposition')).toBe(`attachment; filename="spin.mp4"; filename*=UTF-8''spin.mp4`);
  });
});

describe('refused uploads write nothing', () => {
  const img = '/posts/product/images-uploaded/store';
  it.each([
    ['a PDF dressed as a PNG', img, 'file.png', () => PDF],
    ['a PNG signature with a broken body', img, 'broken.png', () => FAKE_PNG],
    [
      'an SVG (scripts)',
      img,
      'x.svg',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['a PNG named .jpg', img, 'x.jpg', png],
    ['text named .png', '/posts/product/images-uploaded/vignette/store', 'x.png', () => Buffer.from('hello')],
    ['an image as a 3D file', '/posts/product/images-uploaded/3dfiles/store', 'x.glb', png],
    [
      'a zip that is no USDZ',
      '/posts/product/images-uploaded/3dfiles/store',
      'x.usdz',
      () => Buffer.from('PK\u0003\u0004' + '\u0000'.repeat(22) + '\u0005\u0000x.txt', 'latin1'),
    ],
    ['a PDF as a video', '/posts/product/images-uploaded/videos/store', 'x.mp4', () => PDF],
    ['an mp4 as .exe', '/posts/product/images-uploaded/videos/store', 'x.exe', () => MP4],
    ['an empty file', img, 'x.png', () => Buffer.alloc(0)],
  ])('%s', async (_what, path, name, bytes) => {
    const before = filesUnder(uploadsDir());
    const rows = (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM product_uploads'))!.n;
    const r = await send(path, { name, bytes: await bytes() });
    expectRefused(r, [422]);
    expect(r.body.errors.file_image).toEqual([r.body.message]);
    expect(filesUnder(uploadsDir())).toBe(before);
    expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM product_uploads'))!.n).toBe(rows);
  });

  it('a missing file, a 100 kB id, an unknown product', async () => {
    expectRefused(
      await call(s, 'POST', '/posts/product/images-uploaded/store', {
        token: w.tok.acme,
        form: form({ id_product: P, id_customer: w.acme }),
      }),
      [422],
    );
    expectRefused(
      await call(s, 'POST', '/posts/product/images-uploaded/store', {
        token: w.tok.acme,
        body: { id_product: P, id_customer: w.acme },
      }),
      [422],
    );
    expectRefused(
      await send(
        '/posts/product/images-uploaded/store',
        { name: 'a.png', bytes: await png() },
        { id_product: 'x'.repeat(100 * 1024) },
      ),
      [422],
    );
    expectRefused(
      await send('/posts/product/images-uploaded/store', { name: 'a.png', bytes: await png() }, { id_product: 99_999_999 }),
      [404],
    );
  });
});

describe("the 3D viewer's lazy-load image", () => {
  it('replaces the image, keeps the model, and removes the old file', async () => {
    const before = await call(s, 'GET', '/gets/product/automation/3dviewer/links', {
      token: w.tok.viewer,
      query: { id_product: P, id_customer: w.acme },
    });
    const first = await send(
      '/posts/product/viewer/imagelazyload/store',
      { name: 'poster.png', bytes: await png(80, 60) },
      {},
      w.tok.acme,
      'file',
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['message', 'path', 'success']);
    expect(existsSync(stored(thumbOf(first.body.path)))).toBe(true);
    const second = await send(
      '/posts/product/viewer/imagelazyload/store',
      { name: 'poster.jpg', bytes: await jpeg() },
      {},
      w.tok.acme,
      'file',
    );
    const after = await call(s, 'GET', '/gets/product/automation/3dviewer/links', {
      token: w.tok.viewer,
      query: { id_product: P, id_customer: w.acme },
    });
    expect(after.body).toMatchObject({ success: true, file: before.body.file, imageLazyLoad: second.body.path });
    expect(existsSync(stored(first.body.path))).toBe(false);
    expect(existsSync(stored(thumbOf(first.body.path)))).toBe(false);
    expect(existsSync(stored(second.body.path))).toBe(true);
  });

  it('takes one jpg or png only', async () => {
    expectRefused(
      await send('/posts/product/viewer/imagelazyload/store', { name: 'p.gif', bytes: await gif() }, {}, w.tok.acme, 'file'),
      [422],
    );
    expectRefused(
      await send('/posts/product/viewer/imagelazyload/store', { name: 'p.png', bytes: PDF }, {}, w.tok.acme, 'file'),
      [422],
    );
  });
});

describe('DELETE /deletes/product/resource/delete', () => {
  it("removes one of the product's images by its stored path (and its files), moving updated_at", async () => {
    const up = await call(s, 'POST', '/posts/product/resource/store', {
      token: w.tok.acme,
      form: form({ id_product: P }, { image: { name: 'r.png', bytes: await png() } }),
    });
    expect(up.status).toBe(200);
    const before = (await s.db.one<{ u: Date }>('SELECT updated_at AS u FROM products WHERE id = $1', [P]))!.u;
    const r = await call(s, 'DELETE', '/deletes/product/resource/delete', {
      token: w.tok.acme,
      query: { id_product: P, image: up.body.path },
    });
    expect(r.body).toEqual({ success: true, message: 'Image deleted successfully' });
    expect(existsSync(stored(up.body.path))).toBe(false);
    expect(existsSync(stored(thumbOf(up.body.path)))).toBe(false);
    const after = (await s.db.one<{ u: Date }>('SELECT updated_at AS u FROM products WHERE id = $1', [P]))!.u;
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime());
    expectRefused(
      await call(s, 'DELETE', '/deletes/product/resource/delete', {
        token: w.tok.acme,
        query: { id_product: P, image: up.body.path },
      }),
      [404],
    );
  });

  it("refuses a path that is not one of this product's images, touching nothing on disk", async () => {
    const other = (await s.db.one<{ path: string }>(
      "SELECT i.path FROM product_images i JOIN products p ON p.id = i.product_id WHERE p.sku = 'ACM-1001' LIMIT 1",
    ))!.path;
    for (const image of [other, '../../../etc/passwd', 'products/../../x.png']) {
      expectRefused(
        await call(s, 'DELETE', '/deletes/product/resource/delete', { token: w.tok.acme, query: { id_product: P, image } }),
        [404],
      );
    }
    expect(existsSync(stored(other))).toBe(true);
  });
});
