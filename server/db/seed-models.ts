// The demo's 3D files: a product's model (demo-models.ts) as glb (built with @gltf-transform/core, for
// the 3D viewer: one mesh and one PBR material per finish of the model) and as Wavefront obj text
// (a second 3D file to download).
import { Document, NodeIO } from '@gltf-transform/core';
import { dot, facesOf, sub, type Material, type Part, type Vec3 } from './demo-shapes.ts';

export interface Mesh {
  positions: number[];
  normals: number[];
  indices: number[];
}

const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** The parts as triangles: each face a fan, wound counter-clockwise seen from outside (as glTF culls). */
export function meshOf(parts: Part[]): Mesh {
  const m: Mesh = { positions: [], normals: [], indices: [] };
  for (const part of parts) {
    for (const face of facesOf(part.shape)) {
      const base = m.positions.length / 3;
      face.points.forEach((p, i) => {
        m.positions.push(...p);
        m.normals.push(...(face.normals?.[i] ?? face.normal));
      });
      const [a, b, c] = face.points as [Vec3, Vec3, Vec3];
      const outward = dot(cross(sub(b, a), sub(c, a)), face.normal) >= 0;
      for (let i = 1; i < face.points.length - 1; i++) {
        m.indices.push(...(outward ? [base, base + i, base + i + 1] : [base, base + i + 1, base + i]));
      }
    }
  }
  return m;
}

/** The parts grouped by material, in first-seen order. */
export function byMaterial(parts: Part[]): [Material, Part[]][] {
  const groups = new Map<string, [Material, Part[]]>();
  for (const p of parts) {
    const key = `${p.material.name}|${p.material.colour}`;
    if (!groups.has(key)) groups.set(key, [p.material, []]);
    groups.get(key)![1].push(p);
  }
  return [...groups.values()];
}

const linear = (hex: string) =>
  [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255) ** 2.2) as [number, number, number];

const io = new NodeIO();

export async function glb(parts: Part[], name: string): Promise<Buffer> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene(name);
  const root = doc.createNode(name);
  scene.addChild(root);
  const accessor = (
    type: 'VEC3' | 'SCALAR',
    array: Float32Array<ArrayBuffer> | Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>,
  ) => doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  for (const [material, group] of byMaterial(parts)) {
    const mesh = meshOf(group);
    const mat = doc
      .createMaterial(material.name)
      .setBaseColorFactor([...linear(material.colour), 1])
      .setRoughnessFactor(material.roughness)
      .setMetallicFactor(material.metallic);
    if (material.glow)
      mat.setEmissiveFactor(linear(material.colour).map((v) => v * material.glow! * 0.6) as [number, number, number]);
    const indices = mesh.positions.length / 3 > 65535 ? new Uint32Array(mesh.indices) : new Uint16Array(mesh.indices);
    const primitive = doc
      .createPrimitive()
      .setAttribute('POSITION', accessor('VEC3', new Float32Array(mesh.positions)))
      .setAttribute('NORMAL', accessor('VEC3', new Float32Array(mesh.normals)))
      .setIndices(accessor('SCALAR', indices))
      .setMaterial(mat);
    root.addChild(doc.createNode(material.name).setMesh(doc.createMesh(material.name).addPrimitive(primitive)));
  }
  return Buffer.from(await io.writeBinary(doc));
}

export function obj(parts: Part[], name: string): Buffer {
  const lines = [`# ${name}`, `o ${name.replace(/\s+/g, '_')}`];
  let offset = 0;
  for (const [material, group] of byMaterial(parts)) {
    const mesh = meshOf(group);
    lines.push(`g ${material.name.replace(/\s+/g, '_')}`);
    for (let i = 0; i < mesh.positions.length; i += 3)
      lines.push(
        `v ${mesh.positions
          .slice(i, i + 3)
          .map((v) => v.toFixed(4))
          .join(' ')}`,
      );
    for (let i = 0; i < mesh.normals.length; i += 3)
      lines.push(
        `vn ${mesh.normals
          .slice(i, i + 3)
          .map((v) => v.toFixed(4))
          .join(' ')}`,
      );
    for (let i = 0; i < mesh.indices.length; i += 3) {
      lines.push(
        `f ${mesh.indices
          .slice(i, i + 3)
          .map((v) => `${v + offset + 1}//${v + offset + 1}`)
          .join(' ')}`,
      );
    }
    offset += mesh.positions.length / 3;
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}
