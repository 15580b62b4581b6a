// The demo's 3D files: per product a box or cylinder of its own size and colour, as glb (built with
// @gltf-transform/core, for the 3D viewer) and as Wavefront obj text (a second 3D file to download).
import { Document, NodeIO } from '@gltf-transform/core';

export interface Mesh {
  positions: number[];
  normals: number[];
  indices: number[];
}

/** A box w x h x d (metres) standing on y = 0, 4 vertices per face so that normals are flat. */
export function box(w: number, h: number, d: number): Mesh {
  const m: Mesh = { positions: [], normals: [], indices: [] };
  const [x, z] = [w / 2, d / 2];
  const faces: [number[], number[][]][] = [
    [[0, 0, 1], [[-x, 0, z], [x, 0, z], [x, h, z], [-x, h, z]]],
    [[0, 0, -1], [[x, 0, -z], [-x, 0, -z], [-x, h, -z], [x, h, -z]]],
    [[1, 0, 0], [[x, 0, z], [x, 0, -z], [x, h, -z], [x, h, z]]],
    [[-1, 0, 0], [[-x, 0, -z], [-x, 0, z], [-x, h, z], [-x, h, -z]]],
    [[0, 1, 0], [[-x, h, z], [x, h, z], [x, h, -z], [-x, h, -z]]],
    [[0, -1, 0], [[-x, 0, -z], [x, 0, -z], [x, 0, z], [-x, 0, z]]],
  ];
  for (const [n, corners] of faces) {
    const base = m.positions.length / 3;
    for (const c of corners) {
      m.positions.push(...c);
      m.normals.push(...n);
    }
    m.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return m;
}

/** A cylinder of diameter w and height h standing on y = 0, with caps. */
export function cylinder(w: number, h: number, segments = 24): Mesh {
  const m: Mesh = { positions: [], normals: [], indices: [] };
  const r = w / 2;
  for (let i = 0; i <= segments; i++) {
    const a = (i / segments) * Math.PI * 2;
    const [cx, cz] = [Math.cos(a), Math.sin(a)];
    m.positions.push(r * cx, 0, r * cz, r * cx, h, r * cz);
    m.normals.push(cx, 0, cz, cx, 0, cz);
    if (i < segments) {
      const b = i * 2;
      m.indices.push(b, b + 1, b + 3, b, b + 3, b + 2);
    }
  }
  for (const [y, ny] of [[h, 1], [0, -1]] as const) {
    const centre = m.positions.length / 3;
    m.positions.push(0, y, 0);
    m.normals.push(0, ny, 0);
    for (let i = 0; i <= segments; i++) {
      const a = (i / segments) * Math.PI * 2;
      m.positions.push(r * Math.cos(a), y, r * Math.sin(a));
      m.normals.push(0, ny, 0);
      if (i < segments) m.indices.push(...(ny > 0 ? [centre, centre + i + 2, centre + i + 1] : [centre, centre + i + 1, centre + i + 2]));
    }
  }
  return m;
}

const linear = (hex: string) => [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255) ** 2.2);

const io = new NodeIO();

export async function glb(mesh: Mesh, colour: string, name: string): Promise<Buffer> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const accessor = (type: 'VEC3' | 'SCALAR', array: Float32Array<ArrayBuffer> | Uint16Array<ArrayBuffer>) =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const material = doc.createMaterial(name).setBaseColorFactor([...linear(colour), 1] as [number, number, number, number])
    .setRoughnessFactor(0.7).setMetallicFactor(0);
  const primitive = doc.createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', new Float32Array(mesh.positions)))
    .setAttribute('NORMAL', accessor('VEC3', new Float32Array(mesh.normals)))
    .setIndices(accessor('SCALAR', new Uint16Array(mesh.indices)))
    .setMaterial(material);
  const node = doc.createNode(name).setMesh(doc.createMesh(name).addPrimitive(primitive));
  doc.createScene(name).addChild(node);
  return Buffer.from(await io.writeBinary(doc));
}

export function obj(mesh: Mesh, name: string): Buffer {
  const lines = [`# ${name}`, `o ${name.replace(/\s+/g, '_')}`];
  for (let i = 0; i < mesh.positions.length; i += 3) lines.push(`v ${mesh.positions.slice(i, i + 3).map((v) => v.toFixed(4)).join(' ')}`);
  for (let i = 0; i < mesh.normals.length; i += 3) lines.push(`vn ${mesh.normals.slice(i, i + 3).map((v) => v.toFixed(4)).join(' ')}`);
  for (let i = 0; i < mesh.indices.length; i += 3) {
    lines.push(`f ${mesh.indices.slice(i, i + 3).map((v) => `${v + 1}//${v + 1}`).join(' ')}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}
