// A demo model seen by a studio camera, as SVG: parts in painter's order (a plane between two parts
// says which is nearer), back faces culled, each face lit by a key and a fill light (Lambert, a Blinn
// highlight for glossy and metal finishes) with soft darkening near the floor. The product turns on a
// turntable under fixed lights, so every angle is lit differently, as in a real 360 shoot.
import { bounds, dot, facesOf, norm, sub, type Face, type Material, type Part, type Vec3 } from './demo-shapes.ts';

export interface Camera {
  size: number;
  eye: Vec3;
  /** Screen mapping: focal length and the centre (px). */
  focal: number;
  cx: number;
  cy: number;
  up: Vec3;
  forward: Vec3;
  /** The model's top (m), for the soft top-down light falloff. */
  top: number;
  hanging: boolean;
}

const KEY = norm([-0.6, 0.9, 0.55]);
const FILL = norm([0.85, 0.2, 0.45]);
/** Where the turntable's 0 starts: a three-quarter view of the front, as product pictures are taken. */
const BASE_YAW = -35;

/** The camera that frames the model at every angle alike (its bounding cylinder fits the picture). */
export function frame(parts: Part[], size: number, elevationDeg: number, hanging: boolean): Camera {
  let [r, top, bottom] = [0, 0, Infinity];
  for (const p of parts) {
    const b = bounds(p.shape);
    for (const x of [b.min[0], b.max[0]]) for (const z of [b.min[2], b.max[2]]) r = Math.max(r, Math.hypot(x, z));
    top = Math.max(top, b.max[1]);
    bottom = Math.min(bottom, b.min[1]);
  }
  const el = (elevationDeg * Math.PI) / 180;
  const target = (top + bottom) / 2;
  const dist = 3.6 * Math.max(2 * r, top - bottom);
  const forward: Vec3 = [0, -Math.sin(el), -Math.cos(el)];
  const up: Vec3 = [0, Math.cos(el), -Math.sin(el)];
  const cam: Camera = {
    size,
    eye: [0, target + dist * Math.sin(el), dist * Math.cos(el)],
    focal: 1,
    cx: 0,
    cy: 0,
    up,
    forward,
    top,
    hanging,
  };
  const [xs, ys] = [[] as number[], [] as number[]];
  for (const y of [bottom, top])
    for (let i = 0; i < 48; i++) {
      const a = (i / 48) * Math.PI * 2;
      const [sx, sy] = project(cam, [r * Math.cos(a), y, r * Math.sin(a)]);
      xs.push(sx);
      ys.push(sy);
    }
  const [w, h] = [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
  const focal = Math.min((0.8 * size) / w, (0.74 * size) / h);
  return {
    ...cam,
    focal,
    cx: size / 2 - (focal * (Math.max(...xs) + Math.min(...xs))) / 2,
    cy: size * 0.47 - (focal * (Math.max(...ys) + Math.min(...ys))) / 2,
  };
}

/** Screen x, y (px) and depth of a world point. */
export function project(cam: Camera, p: Vec3): [number, number, number] {
  const q = sub(p, cam.eye);
  const z = dot(q, cam.forward);
  return [cam.cx + (cam.focal * q[0]) / z, cam.cy - (cam.focal * dot(q, cam.up)) / z, z];
}

/** The model turned by `angle` degrees on the turntable. */
export const turn = (angle: number) => rotY(angle + BASE_YAW);

function rotY(deg: number): (p: Vec3) => Vec3 {
  const a = (deg * Math.PI) / 180;
  const [c, s] = [Math.cos(a), Math.sin(a)];
  return (p) => [p[0] * c + p[2] * s, p[1], -p[0] * s + p[2] * c];
}

/** Parts in painter's order: a separating plane of two boxes puts the one on the eye's side last. */
function paintOrder(parts: Part[], eye: Vec3): number[] {
  const boxes = parts.map((p) => bounds(p.shape));
  const after: number[][] = parts.map(() => []);
  const before = parts.map(() => 0);
  for (let a = 0; a < parts.length; a++)
    for (let b = a + 1; b < parts.length; b++) {
      // Each separating plane says which part lies on the eye's side (it cannot be hidden by the other).
      // When planes disagree, neither can hide the other, and the pair needs no order.
      const near = new Set<number>();
      for (let k = 0; k < 3; k++) {
        const [A, B] = [boxes[a]!, boxes[b]!];
        if (A.max[k]! <= B.min[k]! + 1e-6) near.add(eye[k]! > (A.max[k]! + B.min[k]!) / 2 ? b : a);
        else if (B.max[k]! <= A.min[k]! + 1e-6) near.add(eye[k]! > (B.max[k]! + A.min[k]!) / 2 ? a : b);
      }
      if (near.size !== 1) continue;
      const last = [...near][0]!;
      const first = last === a ? b : a;
      after[first]!.push(last);
      before[last]!++;
    }
  const centre = (i: number) => boxes[i]!.min.map((v, k) => (v + boxes[i]!.max[k]!) / 2) as Vec3;
  const far = (i: number) => -Math.hypot(...sub(centre(i), eye));
  const out: number[] = [];
  const left = new Set(parts.keys());
  while (left.size) {
    const ready = [...left].filter((i) => before[i] === 0);
    // A cycle (parts that overlap) falls back to the farthest first.
    const next = (ready.length ? ready : [...left]).sort((x, y) => far(x) - far(y))[0]!;
    left.delete(next);
    out.push(next);
    for (const j of after[next]!) before[j]!--;
  }
  return out;
}

const linear = (hex: string): Vec3 => [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255) ** 2.2) as Vec3;
const knee = (c: number) => (c < 0.8 ? c : 0.8 + 0.2 * (1 - Math.exp(-(c - 0.8) / 0.2)));
const hex = (c: Vec3) =>
  `#${c
    .map((v) =>
      Math.round(255 * Math.max(0, knee(v)) ** (1 / 2.2))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** The light a face sends to the eye (linear RGB) at world point p with normal n. */
function lit(cam: Camera, m: Material, n: Vec3, p: Vec3): Vec3 {
  const albedo = linear(m.colour);
  const v = norm(sub(cam.eye, p));
  const wrap = m.roughness > 0.8 ? 0.3 : 0.08;
  const lambert = (l: Vec3) => Math.max(0, (dot(n, l) + wrap) / (1 + wrap));
  const ambient = 0.3 + 0.1 * n[1];
  const diffuse = (ambient + 0.95 * lambert(KEY) + 0.32 * lambert(FILL)) * (1 - 0.65 * m.metallic);
  const gloss = (1 - m.roughness) ** 2;
  const h = norm([KEY[0] + v[0], KEY[1] + v[1], KEY[2] + v[2]]);
  const spec = (0.03 + 0.7 * gloss) * Math.max(0, dot(n, h)) ** (6 + 220 * gloss);
  // Metal mirrors the studio: bright above, the white floor's bounce below.
  const r = 2 * dot(n, v);
  const env = 0.35 + 0.45 * Math.max(0, r * n[1] - v[1]);
  // Soft darkening where the product meets the floor, and a gentle fall-off of the top light.
  const ao = cam.hanging
    ? 1
    : (1 - 0.45 * Math.exp(-Math.max(0, p[1]) / 0.05)) * (0.9 + 0.1 * Math.min(1, p[1] / cam.top)) * (n[1] < -0.5 ? 0.75 : 1);
  return albedo.map(
    (a) => (a * diffuse + m.metallic * a * env + spec * (m.metallic > 0.5 ? a * 2 : 1) + (m.glow ?? 0) * a * 0.9) * ao,
  ) as Vec3;
}

const mid = (a: Vec3, b: Vec3): Vec3 => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
const pt = (cam: Camera, p: Vec3) =>
  project(cam, p)
    .slice(0, 2)
    .map((v) => v.toFixed(1))
    .join(' ');

/**
 * SVG elements of the model turned to `angle`; `mirrored` draws it upside down under the floor (a
 * reflection). `smooth` shades with gradients: they cost half of a small picture's drawing and show
 * only in a large one.
 */
export function modelSvg(parts: Part[], cam: Camera, angle: number, mirrored = false, smooth = true): string {
  const rot = turn(angle);
  const back = rotY(-angle - BASE_YAW);
  const flip = (p: Vec3): Vec3 => (mirrored ? [p[0], -p[1], p[2]] : p);
  // The eye in the model's own frame, for the painter's planes.
  const eyeModel = back(cam.eye);
  const out: string[] = [];
  let g = 0;
  for (const i of paintOrder(
    parts.map((p) => (mirrored ? mirrorPart(p) : p)),
    eyeModel,
  )) {
    const part = parts[i]!;
    for (const face of facesOf(part.shape)) {
      const pts = face.points.map(rot);
      const n = rot(face.normal);
      const seen = flip(pts[0]!);
      if (dot(flip(n), sub(cam.eye, seen)) <= 1e-9) continue;
      const d = `M${pts.map((p) => pt(cam, flip(p))).join('L')}Z`;
      const paint = smooth
        ? facePaint(cam, part.material, face, { pts, n, rot, flip }, `${mirrored ? 'r' : 'g'}${g}`)
        : { fill: flat(cam, part.material, pts, n) };
      if (paint.gradient) g++;
      out.push(
        `${paint.gradient ?? ''}<path d="${d}" fill="${paint.fill}" stroke="${paint.fill}" stroke-width="1" stroke-linejoin="round"/>`,
      );
    }
  }
  return out.join('');
}

function mirrorPart(p: Part): Part {
  const b = bounds(p.shape);
  return { ...p, shape: { type: 'box', min: [b.min[0], -b.max[1], b.min[2]], max: [b.max[0], -b.min[1], b.max[2]], bevel: 0 } };
}

/** A face's paint: flat, or a gradient across a round side (smooth shading) or down a tall side (nearer the floor is darker). */
function flat(cam: Camera, m: Material, pts: Vec3[], n: Vec3): string {
  return hex(
    lit(
      cam,
      m,
      n,
      pts.reduce<Vec3>((a, p) => [a[0] + p[0] / pts.length, a[1] + p[1] / pts.length, a[2] + p[2] / pts.length], [0, 0, 0]),
    ),
  );
}

interface Placed {
  pts: Vec3[];
  n: Vec3;
  rot: (p: Vec3) => Vec3;
  flip: (p: Vec3) => Vec3;
}

function facePaint(
  cam: Camera,
  m: Material,
  face: Face,
  { pts, n, rot, flip }: Placed,
  id: string,
): { fill: string; gradient?: string } {
  const centre = pts.reduce<Vec3>(
    (a, p) => [a[0] + p[0] / pts.length, a[1] + p[1] / pts.length, a[2] + p[2] / pts.length],
    [0, 0, 0],
  );
  const gradient = (a: Vec3, b: Vec3, ca: Vec3, cb: Vec3) => {
    const [x1, y1] = project(cam, flip(a));
    const [x2, y2] = project(cam, flip(b));
    return {
      fill: `url(#${id})`,
      gradient:
        `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}">` +
        `<stop offset="0" stop-color="${hex(ca)}"/><stop offset="1" stop-color="${hex(cb)}"/></linearGradient>`,
    };
  };
  if (face.normals) {
    const [ni, nj] = [rot(face.normals[0]!), rot(face.normals[1]!)];
    const [ei, ej] = [mid(pts[0]!, pts[3]!), mid(pts[1]!, pts[2]!)];
    return gradient(ei, ej, lit(cam, m, ni, ei), lit(cam, m, nj, ej));
  }
  const ys = pts.map((p) => p[1]);
  const [lo, hi] = [Math.min(...ys), Math.max(...ys)];
  if (Math.abs(n[1]) < 0.5 && hi - lo > 0.02) {
    const top = centre.slice() as Vec3;
    const bottom = centre.slice() as Vec3;
    top[1] = hi;
    bottom[1] = lo;
    const glossy = m.roughness < 0.1 ? 1.25 : 1;
    return gradient(top, bottom, lit(cam, m, n, top).map((v) => v * glossy) as Vec3, lit(cam, m, n, bottom));
  }
  return { fill: flat(cam, m, pts, n) };
}
