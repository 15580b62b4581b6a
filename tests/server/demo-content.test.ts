// Issue 27, demo content worth showing: the seeded products' 360 views are 24 different pictures of the
// kind's 3D model, every layer is large enough for the demo retailers' sizes, and the 3D viewer's glb
// is that model, with several meshes and materials.
import { createHash } from 'node:crypto';
import { NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { framesOfTurn } from '../../server/render/views.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let s: TestServer;
let product: number;
beforeAll(async () => {
  s = await startTestServer();
  product = (await s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1001'"))!.id;
});
afterAll(async () => { await s.close(); });

const stored = async (path: string) => {
  const res = await fetch(`${s.url}/storage/${path}`);
  expect(res.status, path).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** The alpha plane of a stored picture: what share of it is drawn, and how wide the drawn part is. */
async function coverage(png: Buffer) {
  const { data, info } = await sharp(png).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  let [drawn, left, right] = [0, info.width, -1];
  for (let i = 0; i < data.length; i++) {
    if (!data[i]) continue;
    drawn++;
    const x = i % info.width;
    [left, right] = [Math.min(left, x), Math.max(right, x)];
  }
  return { share: drawn / data.length, width: right - left + 1, corner: data[0] };
}

interface LayerRow { angle: number; beauty: string; shadow: string; reflection: string; width: number; height: number }
const layers = (section: string) => s.db.query<LayerRow>(
  'SELECT angle, beauty, shadow, reflection, width, height FROM product_layers WHERE product_id = $1 AND section = $2 ORDER BY angle', [product, section]);

describe('demo content', () => {
  // The layers are drawn on first read: a cold cache draws 24 views here.
  it('a 24-frame spin shows 24 distinct pictures; a 48-frame spin shows each view twice', { timeout: 180_000 }, async () => {
    const rows = await layers('360');
    expect(rows.map((r) => r.angle)).toEqual(Array.from({ length: 24 }, (_, i) => i * 15));
    const frames = framesOfTurn(rows.map((r) => r.angle), 24);
    const beauties = await Promise.all(frames.map((v) => stored(rows[v]!.beauty)));
    expect(new Set(beauties.map(md5)).size).toBe(24);
    const forty8 = framesOfTurn(rows.map((r) => r.angle), 48);
    expect(new Set(forty8).size).toBe(24);
    // The model turns: a sofa (84 x 36 in) seen from the side is far narrower than from the front.
    const widths = await Promise.all(beauties.map(async (b) => (await coverage(b)).width));
    expect(Math.min(...widths)).toBeLessThan(0.7 * Math.max(...widths));
  });

  it('beauty, shadow and reflection are at least 2400 px on the long side, in every section', { timeout: 120_000 }, async () => {
    for (const section of ['silo', 'vignette', '360']) {
      const rows = await layers(section);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(Math.max(r.width, r.height)).toBeGreaterThanOrEqual(2400);
      const r = rows[rows.length - 1]!;
      for (const path of [r.beauty, r.shadow, r.reflection]) {
        const m = await sharp(await stored(path)).metadata();
        expect([m.width, m.height], path).toEqual([r.width, r.height]);
        // A real layer: it holds a drawing and leaves room around it (a transparent corner).
        const c = await coverage(await stored(path));
        expect(c.corner, path).toBe(0);
        expect(c.share, path).toBeGreaterThan(0.02);
      }
    }
  });

  it("the 3D viewer's glb is the product's model: several meshes and materials, product-sized", async () => {
    const viewer = (await s.db.one<{ file_glb: string }>('SELECT file_glb FROM product_viewers WHERE product_id = $1', [product]))!;
    const doc = await new NodeIO().readBinary(new Uint8Array(await stored(viewer.file_glb)));
    const root = doc.getRoot();
    expect(root.listMeshes().length).toBeGreaterThan(1);
    expect(root.listMaterials().length).toBeGreaterThan(1);
    expect(new Set(root.listMaterials().map((m) => m.getBaseColorFactor().join(','))).size).toBeGreaterThan(1);
    // A sofa about 2 m wide and under 1 m high (its catalogue size, in metres).
    const [min, max] = [[Infinity, Infinity, Infinity], [-Infinity, -Infinity, -Infinity]];
    for (const mesh of root.listMeshes()) for (const prim of mesh.listPrimitives()) {
      const pos = prim.getAttribute('POSITION')!;
      pos.getMin([0, 0, 0]).forEach((v, k) => (min[k] = Math.min(min[k]!, v)));
      pos.getMax([0, 0, 0]).forEach((v, k) => (max[k] = Math.max(max[k]!, v)));
    }
    expect(max[0]! - min[0]!).toBeGreaterThan(1.8);
    expect(max[1]! - min[1]!).toBeLessThan(1);
    expect(min[1]).toBeCloseTo(0, 5);
  });
});
