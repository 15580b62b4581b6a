// A demo model as USDZ (issue 43), for AR Quick Look on iOS: the model's meshes in USDA text (one mesh
// and one UsdPreviewSurface per material, metres, Y up, as the glb) in a zip whose entries are stored
// (never compressed) and whose data start on 64-byte boundaries, as the USDZ specification asks; the
// padding is an extra field in each local header. Built once by scripts/make-demo-usdz.ts; the file is
// committed and the seed stores it.
import { crc32 } from 'node:zlib';
import type { Part } from './demo-shapes.ts';
import { byMaterial, meshOf } from './seed-models.ts';

const num = (v: number) => String(Math.round(v * 1e5) / 1e5);
const tuple = (a: number[], i: number) => `(${num(a[i]!)}, ${num(a[i + 1]!)}, ${num(a[i + 2]!)})`;
const tuples = (a: number[]) => Array.from({ length: a.length / 3 }, (_, k) => tuple(a, k * 3)).join(', ');
/** A USD prim name: letters, digits and underscores, not starting with a digit. */
const primName = (s: string) => `_${s}`.replace(/[^A-Za-z0-9_]/g, '_').replace(/^_(?=[A-Za-z])/, '');
const srgbToLinear = (hex: string) => [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255) ** 2.2);

/** The model as a USDA layer; `name` becomes its default prim. */
export function usdaOf(parts: Part[], name: string): string {
  const root = primName(name);
  const meshes: string[] = [];
  const materials: string[] = [];
  for (const [material, group] of byMaterial(parts)) {
    const m = meshOf(group);
    const id = primName(material.name);
    const [r, g, b] = srgbToLinear(material.colour);
    meshes.push(`    def Mesh "${id}" (
        prepend apiSchemas = ["MaterialBindingAPI"]
    )
    {
        uniform bool doubleSided = 0
        int[] faceVertexCounts = [${Array(m.indices.length / 3)
          .fill(3)
          .join(', ')}]
        int[] faceVertexIndices = [${m.indices.join(', ')}]
        rel material:binding = </${root}/Materials/${id}>
        normal3f[] normals = [${tuples(m.normals)}] (
            interpolation = "vertex"
        )
        point3f[] points = [${tuples(m.positions)}]
        uniform token subdivisionScheme = "none"
    }`);
    materials.push(`        def Material "${id}"
        {
            token outputs:surface.connect = </${root}/Materials/${id}/Surface.outputs:surface>

            def Shader "Surface"
            {
                uniform token info:id = "UsdPreviewSurface"
                color3f inputs:diffuseColor = (${num(r!)}, ${num(g!)}, ${num(b!)})
                float inputs:metallic = ${num(material.metallic)}
                float inputs:roughness = ${num(material.roughness)}
                token outputs:surface
            }
        }`);
  }
  return `#usda 1.0
(
    defaultPrim = "${root}"
    metersPerUnit = 1
    upAxis = "Y"
)

def Xform "${root}" (
    kind = "component"
)
{
${meshes.join('\n\n')}

    def Scope "Materials"
    {
${materials.join('\n\n')}
    }
}
`;
}

/** USDZ data start on multiples of this. */
export const USDZ_ALIGN = 64;
/** The extra field's id that usdzip writes for its padding. */
const PAD_ID = 0x1986;

/** A USDZ package: the entries stored, in order (the first is the root layer), each one's data 64-byte aligned. */
export function usdzOf(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  // 1980-01-01 00:00: a fixed date, so the same model gives the same bytes.
  const [time, date] = [0, (0 << 9) | (1 << 5) | 1];
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(e.data);
    const bare = offset + 30 + name.length;
    let pad = (USDZ_ALIGN - (bare % USDZ_ALIGN)) % USDZ_ALIGN;
    if (pad > 0 && pad < 4) pad += USDZ_ALIGN; // an extra field is at least its 4-byte header
    const extra = Buffer.alloc(pad);
    if (pad) {
      extra.writeUInt16LE(PAD_ID, 0);
      extra.writeUInt16LE(pad - 4, 2);
    }
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(pad, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, extra, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + pad + e.data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
