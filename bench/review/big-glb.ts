// A .glb of about 5 MB for the review bench: one textured mesh (a bumpy pouf, 0.7 m across, standing on
// y = 0) with a 2048 px JPEG base colour; the mesh's grid is sized so that file and texture come to the
// target. Built with @gltf-transform/core, as the demo's own models are.
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';

const R = 0.35;
/** Bytes per grid vertex: position, normal, uv (32) and two triangles of 32-bit indices (24). */
const PER_VERTEX = 56;

async function texture(): Promise<Buffer> {
  // A woven pattern with noise: a JPEG of a realistic size for its pixels (flat colour would compress to nothing).
  const size = 2048;
  const raw = Buffer.alloc(size * size * 3);
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const weave = ((x >> 3) + (y >> 3)) % 2 ? 18 : -18;
      const v = 150 + weave + (rand() - 0.5) * 40;
      const i = (y * size + x) * 3;
      raw[i] = v + 40;
      raw[i + 1] = v + 10;
      raw[i + 2] = v - 20;
    }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The surface at (u, v) in [0, 1]²: a sphere flattened at the base, with quilted bumps. */
function point(u: number, v: number): [number, number, number] {
  const theta = u * 2 * Math.PI;
  const phi = v * Math.PI;
  const bump = 1 + 0.035 * Math.sin(theta * 12) * Math.sin(phi * 10);
  const r = R * bump;
  const y = Math.max(-0.8, Math.cos(phi));
  return [r * Math.sin(phi) * Math.cos(theta), R * 0.8 * (y + 0.8), r * Math.sin(phi) * Math.sin(theta)];
}

export async function bigGlb(targetBytes = 5 * 1024 * 1024): Promise<Buffer> {
  const jpeg = await texture();
  const n = Math.floor(Math.sqrt(Math.max(0, targetBytes - jpeg.length - 4096) / PER_VERTEX)) - 1;
  const count = (n + 1) * (n + 1);
  const pos = new Float32Array(count * 3);
  const nor = new Float32Array(count * 3);
  const uv = new Float32Array(count * 2);
  const e = 1e-4;
  for (let j = 0; j <= n; j++)
    for (let i = 0; i <= n; i++) {
      const k = j * (n + 1) + i;
      const [u, v] = [i / n, j / n];
      const p = point(u, v);
      // The normal from the surface's two tangents (finite differences), pointing outwards.
      const a = point(u + e, v).map((c, d) => c - p[d]!);
      const b = point(u, Math.min(1, v + e)).map((c, d) => c - p[d]!);
      let c = [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
      const len = Math.hypot(...c) || 1;
      c = c.map((x) => x / len);
      if (c[0]! * p[0]! + c[2]! * p[2]! + c[1]! * (p[1]! - R * 0.8) < 0) c = c.map((x) => -x);
      pos.set(p, k * 3);
      nor.set(c, k * 3);
      uv.set([u * 4, v * 2], k * 2);
    }
  const idx = new Uint32Array(n * n * 6);
  for (let j = 0, o = 0; j < n; j++)
    for (let i = 0; i < n; i++, o += 6) {
      const a = j * (n + 1) + i;
      const b = a + n + 1;
      idx.set([a, a + 1, b, a + 1, b + 1, b], o);
    }
  const doc = new Document();
  const buffer = doc.createBuffer();
  const acc = (type: 'VEC3' | 'VEC2' | 'SCALAR', a: Float32Array<ArrayBuffer> | Uint32Array<ArrayBuffer>) =>
    doc.createAccessor().setType(type).setArray(a).setBuffer(buffer);
  const tex = doc.createTexture('Quilted fabric').setImage(new Uint8Array(jpeg)).setMimeType('image/jpeg');
  const mat = doc.createMaterial('Quilted fabric').setBaseColorTexture(tex).setRoughnessFactor(0.9).setMetallicFactor(0);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', acc('VEC3', pos))
    .setAttribute('NORMAL', acc('VEC3', nor))
    .setAttribute('TEXCOORD_0', acc('VEC2', uv))
    .setIndices(acc('SCALAR', idx))
    .setMaterial(mat);
  const scene = doc.createScene('Pouf');
  scene.addChild(doc.createNode('Pouf').setMesh(doc.createMesh('Pouf').addPrimitive(prim)));
  return Buffer.from(await new NodeIO().writeBinary(doc));
}
