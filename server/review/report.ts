// The model report of a delivered version (issue 42): what a .glb holds, read from its bytes with
// glTF Transform, the studio's usual compressions decoded (Draco, meshopt; KTX2 textures are read as
// they are). A file that names an outside buffer or image (a `uri` other than data:) is refused before
// anything reads it: the server never fetches or opens a path a customer's file chooses.
import { getBounds, NodeIO, type Document, type Node, type Primitive } from '@gltf-transform/core';
import { ALL_EXTENSIONS, type InstancedMesh } from '@gltf-transform/extensions';
import draco3d from 'draco3dgltf';
import { MeshoptDecoder } from 'meshoptimizer';
import type { Static } from '@sinclair/typebox';
import type { ModelReport } from '../../src/api/contract/review.ts';

export type Report = Static<typeof ModelReport>;

export class ReportError extends Error {}

let io: Promise<NodeIO> | undefined;
/** One reader per process: the decoders are WebAssembly modules, compiled once. */
function reader(): Promise<NodeIO> {
  io ??= (async () => {
    await MeshoptDecoder.ready;
    return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
      'draco3d.decoder': await draco3d.createDecoderModule(),
      'meshopt.decoder': MeshoptDecoder,
    });
  })();
  return io;
}

/** The JSON chunk of a binary glTF (no bytes beyond it are read here). */
function glbJson(bytes: Uint8Array): { buffers?: { uri?: string }[]; images?: { uri?: string }[]; extensionsUsed?: string[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 20 || view.getUint32(0, true) !== 0x46546c67)
    throw new ReportError('The file is not a binary glTF (.glb).');
  if (view.getUint32(4, true) !== 2) throw new ReportError('Only glTF 2.0 models can be read.');
  const length = view.getUint32(12, true);
  if (view.getUint32(16, true) !== 0x4e4f534a || 20 + length > bytes.byteLength)
    throw new ReportError('The .glb has no readable JSON chunk.');
  try {
    return JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length)));
  } catch {
    throw new ReportError('The .glb has no readable JSON chunk.');
  }
}

const outside = (uri: string | undefined) => uri !== undefined && !uri.startsWith('data:');

function triangles(p: Primitive): number {
  const count = p.getIndices()?.getCount() ?? p.getAttribute('POSITION')?.getCount() ?? 0;
  const mode = p.getMode();
  if (mode === 4) return Math.floor(count / 3); // TRIANGLES
  if (mode === 5 || mode === 6) return Math.max(0, count - 2); // STRIP, FAN
  return 0; // points and lines draw no triangles
}

/** How many times a node is drawn: once, or once per instance (EXT_mesh_gpu_instancing). */
function instances(node: Node): number {
  const batch = node.getExtension<InstancedMesh>('EXT_mesh_gpu_instancing');
  return batch?.listAttributes()[0]?.getCount() ?? 1;
}

function tally(doc: Document) {
  const root = doc.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  let tris = 0;
  let verts = 0;
  scene?.traverse((node) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    const n = instances(node);
    for (const p of mesh.listPrimitives()) {
      tris += triangles(p) * n;
      verts += (p.getAttribute('POSITION')?.getCount() ?? 0) * n;
    }
  });
  const box = scene ? getBounds(scene) : { min: [0, 0, 0], max: [0, 0, 0] };
  const size = [0, 1, 2].map((k) => Math.max(0, box.max[k]! - box.min[k]!)) as [number, number, number];
  return { tris, verts, size };
}

export async function modelReport(bytes: Uint8Array): Promise<Report> {
  const json = glbJson(bytes);
  if ((json.buffers ?? []).some((b) => outside(b.uri)) || (json.images ?? []).some((i) => outside(i.uri))) {
    throw new ReportError('The model refers to files outside the .glb: deliver it as one self-contained .glb.');
  }
  let doc: Document;
  try {
    doc = await (await reader()).readBinary(bytes);
  } catch (err) {
    throw new ReportError(`The .glb could not be read: ${(err as Error).message}`);
  }
  const root = doc.getRoot();
  const { tris, verts, size } = tally(doc);
  return {
    triangles: tris,
    vertices: verts,
    meshes: root.listMeshes().length,
    materials: root.listMaterials().length,
    textures: root.listTextures().map((t, i) => {
      const px = t.getSize();
      return { name: t.getName() || `Texture ${i + 1}`, mime: t.getMimeType(), width: px?.[0] ?? null, height: px?.[1] ?? null };
    }),
    file_bytes: bytes.byteLength,
    size,
    extensions: json.extensionsUsed ?? [],
  };
}
