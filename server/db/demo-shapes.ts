// The demo's 3D parts: axis-aligned bevelled boxes and upright cylinders or cones, each with a material.
// Every part is convex, so a renderer that culls back faces draws each part right on its own, and
// parts that do not overlap can be put in painter's order by a plane between them (demo-render.ts).

export type Vec3 = [number, number, number];

export interface Material {
  name: string;
  /** #rrggbb, sRGB. */
  colour: string;
  roughness: number;
  metallic: number;
  /** Light of its own (a lamp shade lit from inside), 0..1. */
  glow?: number;
}

export type Shape =
  | { type: 'box'; min: Vec3; max: Vec3; bevel: number }
  | { type: 'cylinder'; x: number; z: number; y0: number; y1: number; r0: number; r1: number; segments: number };

export interface Part {
  shape: Shape;
  material: Material;
}

export interface Face {
  points: Vec3[];
  normal: Vec3;
  /** Per-point normals of a smooth face (a cylinder's side); flat faces have none. */
  normals?: Vec3[];
}

export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const norm = (a: Vec3): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};

/** A box from its corners (metres); bevel rounds its edges off (a chamfer of that width). */
export const box = (
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  z0: number,
  z1: number,
  material: Material,
  bevel = 0.004,
): Part => ({ shape: { type: 'box', min: [x0, y0, z0], max: [x1, y1, z1], bevel }, material });

/** An upright cylinder (or cone, r0 at the bottom, r1 at the top) centred on x, z. */
export const cyl = (
  x: number,
  z: number,
  y0: number,
  y1: number,
  r0: number,
  material: Material,
  r1 = r0,
  segments = 48,
): Part => ({ shape: { type: 'cylinder', x, z, y0, y1, r0, r1, segments }, material });

/** The part's bounding box. */
export function bounds(s: Shape): { min: Vec3; max: Vec3 } {
  if (s.type === 'box') return { min: s.min, max: s.max };
  const r = Math.max(s.r0, s.r1);
  return { min: [s.x - r, s.y0, s.z - r], max: [s.x + r, s.y1, s.z + r] };
}

/** Points of a face ordered counter-clockwise seen from outside (along its normal). */
function ordered(points: Vec3[], n: Vec3): Vec3[] {
  const c = points.reduce<Vec3>(
    (a, p) => [a[0] + p[0] / points.length, a[1] + p[1] / points.length, a[2] + p[2] / points.length],
    [0, 0, 0],
  );
  const u = norm(sub(points[0]!, c));
  const v = cross(n, u);
  return [...points].sort(
    (a, b) => Math.atan2(dot(sub(a, c), v), dot(sub(a, c), u)) - Math.atan2(dot(sub(b, c), v), dot(sub(b, c), u)),
  );
}

/** A chamfered box: 6 faces, 12 edge strips and 8 corner triangles (26 faces; 6 when bevel is 0). */
function boxFaces(min: Vec3, max: Vec3, bevel: number): Face[] {
  const c: Vec3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
  const h: Vec3 = [(max[0] - min[0]) / 2, (max[1] - min[1]) / 2, (max[2] - min[2]) / 2];
  const b = Math.min(bevel, ...h.map((v) => v * 0.45));
  const signs = [-1, 1];
  /** The point of corner s that lies on the face across axis k. */
  const at = (s: Vec3, k: number): Vec3 => [0, 1, 2].map((i) => c[i]! + s[i]! * (i === k ? h[i]! : h[i]! - b)) as Vec3;
  const faces: Face[] = [];
  const add = (pts: Vec3[], n: Vec3) => {
    const unique = pts.filter((p, i) => pts.findIndex((q) => Math.hypot(...sub(p, q)) < 1e-9) === i);
    if (unique.length >= 3) faces.push({ points: ordered(unique, norm(n)), normal: norm(n) });
  };
  for (let k = 0; k < 3; k++) {
    for (const sk of signs) {
      const pts: Vec3[] = [];
      for (const a of signs)
        for (const d of signs) {
          const s: Vec3 = [0, 0, 0];
          s[k] = sk;
          s[(k + 1) % 3] = a;
          s[(k + 2) % 3] = d;
          pts.push(at(s, k));
        }
      const n: Vec3 = [0, 0, 0];
      n[k] = sk;
      add(pts, n);
    }
  }
  if (b <= 0) return faces;
  for (let k = 0; k < 3; k++) {
    const [i, j] = [(k + 1) % 3, (k + 2) % 3];
    // The edge strips along axis k, between the faces across axes i and j.
    for (const si of signs)
      for (const sj of signs) {
        const pts: Vec3[] = [];
        for (const sk of signs) {
          const s: Vec3 = [0, 0, 0];
          s[i] = si;
          s[j] = sj;
          s[k] = sk;
          pts.push(at(s, i), at(s, j));
        }
        const n: Vec3 = [0, 0, 0];
        n[i] = si;
        n[j] = sj;
        add(pts, n);
      }
  }
  for (const sx of signs)
    for (const sy of signs)
      for (const sz of signs) {
        const s: Vec3 = [sx, sy, sz];
        add([at(s, 0), at(s, 1), at(s, 2)], s);
      }
  return faces;
}

function cylinderFaces(s: Extract<Shape, { type: 'cylinder' }>): Face[] {
  const faces: Face[] = [];
  const ring = (y: number, r: number) =>
    Array.from({ length: s.segments }, (_, i) => {
      const a = (i / s.segments) * Math.PI * 2;
      return [s.x + r * Math.cos(a), y, s.z + r * Math.sin(a)] as Vec3;
    });
  const [bottom, top] = [ring(s.y0, s.r0), ring(s.y1, s.r1)];
  // The side's normal leans out by the cone's slope.
  const slope = (s.r0 - s.r1) / Math.max(1e-9, s.y1 - s.y0);
  const normalAt = (i: number): Vec3 => {
    const a = (i / s.segments) * Math.PI * 2;
    return norm([Math.cos(a), slope, Math.sin(a)]);
  };
  for (let i = 0; i < s.segments; i++) {
    const j = (i + 1) % s.segments;
    const [ni, nj] = [normalAt(i), normalAt(j)];
    faces.push({ points: [bottom[i]!, bottom[j]!, top[j]!, top[i]!], normal: normalAt(i + 0.5), normals: [ni, nj, nj, ni] });
  }
  if (s.r1 > 1e-6) faces.push({ points: [...top].reverse(), normal: [0, 1, 0] });
  if (s.r0 > 1e-6) faces.push({ points: bottom, normal: [0, -1, 0] });
  return faces;
}

const faces = new WeakMap<Shape, Face[]>();
/** A shape's faces (made once per shape: every view of a model asks again). */
export function facesOf(s: Shape): Face[] {
  if (!faces.has(s)) faces.set(s, s.type === 'box' ? boxFaces(s.min, s.max, s.bevel) : cylinderFaces(s));
  return faces.get(s)!;
}
