// The product screen's reads (document 3 §7 "Product screen"): GET /gets/product with document 3's
// fields (Info unchanged), the uploaded lists, the studio's videos and 3D files, and the viewer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProductShape } from './products.fixtures.ts';
import { TEST_LAYER_PX } from '../support/seed-snapshot.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call } from '../support/http.ts';
import { ISO, expectFile, expectRefused, expectUploadedImage, world, type World } from './imagery.fixtures.ts';

let s: TestServer;
let w: World;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s.close();
});

const get = (path: string, token = w.tok.viewer, product = w.acmeProduct, customer = w.acme) =>
  call(s, 'GET', path, { token, query: { id_product: product, id_customer: customer } });

describe('GET /gets/product', () => {
  it("keeps Info's product and adds sizeImageProduct and the silo uploads", async () => {
    const r = await get('/gets/product');
    expect(r.status).toBe(200);
    const p = r.body.product;
    const { sizeImageProduct, images_uploaded, ...info } = p;
    expectProductShape(info, true);
    expect(sizeImageProduct).toEqual({ width: TEST_LAYER_PX, height: TEST_LAYER_PX }); // the demo's silo layers (DEMO_LAYER_PX)
    expect(images_uploaded).toHaveLength(2);
    images_uploaded.forEach(expectUploadedImage);
    // The Info fields are exactly those of the list row plus descriptions, files and their names.
    const row = (
      await call(s, 'GET', '/gets/product/show', { token: w.tok.viewer, query: { id_customer: w.acme } })
    ).body.products.find((x: { id: number }) => x.id === w.acmeProduct);
    expect(Object.keys(info).sort()).toEqual([...Object.keys(row), 'descriptions', 'files', 'file_names'].sort());
  });

  it('answers null and [] for a product without layers or uploads', async () => {
    const created = await call(s, 'POST', '/posts/product/store', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: 'Bare Stool' },
    });
    const r = await get('/gets/product', w.tok.acme, created.body.product.id);
    expect(r.body.product).toMatchObject({ sizeImageProduct: null, images_uploaded: [] });
    // Store and edit still answer the Info product alone.
    expect(created.body.product.sizeImageProduct).toBeUndefined();
  });

  it('opens for any section slug (document 3 §6), not for none', async () => {
    expect((await get('/gets/product', w.tok.siloReader)).status).toBe(200);
    expect((await get('/gets/product/description/all/show', w.tok.siloReader)).status).toBe(200);
    expectRefused(await get('/gets/product', w.tok.noslug), [403]);
  });
});

describe('uploaded lists and the studio files', () => {
  it('vignette uploads: images_uploaded, oldest first', async () => {
    const r = await get('/gets/product/images_uploaded/vignette');
    expect(Object.keys(r.body).sort()).toEqual(['images_uploaded', 'success']);
    expect(r.body.images_uploaded).toHaveLength(2);
    r.body.images_uploaded.forEach(expectUploadedImage);
  });

  it('360 uploads: groups with their photos', async () => {
    const r = await get('/gets/product/images_uploaded/360');
    expect(r.body.images_uploaded).toHaveLength(1);
    const [g] = r.body.images_uploaded;
    expect(Object.keys(g).sort()).toEqual(['created_at', 'id', 'photo', 'updated_at']);
    expect(g.photo).toHaveLength(4);
    for (const photo of g.photo)
      expect(photo).toMatch(new RegExp(`^products/${w.acme}/${w.acmeProduct}/uploads/360/${g.id}/[0-9a-f-]{36}\\.jpg$`));
    expect(g.updated_at).toMatch(ISO);
  });

  it('3D files and videos uploaded: empty lists in the shape of files', async () => {
    for (const path of ['/gets/product/images_uploaded/3dfiles', '/gets/product/images_uploaded/videos']) {
      expect((await get(path)).body).toEqual({ success: true, files: [] });
    }
  });

  it("the studio's 3D files (glb, obj) and video, each a real file", async () => {
    const models = (await get('/gets/product/automation/3dfiles/links')).body.files;
    expect(models.map((f: { extension: string }) => f.extension)).toEqual(['glb', 'obj']);
    models.forEach(expectFile);
    const glb = Buffer.from(await (await fetch(`${s.url}/storage/${models[0].link}`)).arrayBuffer());
    expect(glb.subarray(0, 4).toString()).toBe('glTF');
    expect(glb.readUInt32LE(8)).toBe(glb.length);
    const obj = await (await fetch(`${s.url}/storage/${models[1].link}`)).text();
    expect(obj).toMatch(/^v -?\d/m);
    expect(obj).toMatch(/^f \d+\/\/\d+ /m);

    const videos = (await get('/gets/product/automation/videos/links')).body.files;
    expect(videos).toHaveLength(1);
    videos.forEach(expectFile);
    expect(videos[0]).toMatchObject({ extension: 'mp4', name: 'ACM-1001-turntable.mp4' });
    const mp4 = Buffer.from(await (await fetch(`${s.url}/storage/${videos[0].link}`)).arrayBuffer());
    expect(mp4.subarray(4, 8).toString()).toBe('ftyp');
  });

  it('the viewer: file{file_glb, file_usdz, preset} and imageLazyLoad', async () => {
    const r = await get('/gets/product/automation/3dviewer/links');
    expect(Object.keys(r.body).sort()).toEqual(['file', 'imageLazyLoad', 'success', 'updated_at']);
    expect(Object.keys(r.body.file).sort()).toEqual(['file_glb', 'file_usdz', 'preset']);
    const models = (await get('/gets/product/automation/3dfiles/links')).body.files;
    expect(r.body.file).toEqual({ file_glb: models[0].link, file_usdz: null, preset: 1 });
    expect(r.body.imageLazyLoad).toMatch(/^products\/\d+\/\d+\/(viewer\/)?[0-9a-f-]{36}\.png$/);
    expect(r.body.updated_at).toMatch(ISO);
  });

  it("the viewer of a product without a model: 'No viewer available' data", async () => {
    const created = await call(s, 'POST', '/posts/product/store', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: 'No Model' },
    });
    expect((await get('/gets/product/automation/3dviewer/links', w.tok.acme, created.body.product.id)).body).toEqual({
      success: true,
      file: { file_glb: null, file_usdz: null, preset: 1 },
      imageLazyLoad: null,
      updated_at: null,
    });
  });

  it('every list answers an ETag and 304 for a matching If-None-Match (the offline mirror)', async () => {
    const r = await get('/gets/product/images_uploaded/vignette');
    const tag = r.headers.get('etag')!;
    const again = await call(s, 'GET', '/gets/product/images_uploaded/vignette', {
      token: w.tok.viewer,
      query: { id_product: w.acmeProduct, id_customer: w.acme },
      headers: { 'if-none-match': tag },
    });
    expect(again.status).toBe(304);
  });
});
