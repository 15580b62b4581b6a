// The demo's shadow layer as SVG: soft ambient occlusion under the whole product, shadows cast on the
// floor by a high key light (each part's outline pushed along the light), and dark contact patches
// where parts touch the floor. Blurred; drawn small and enlarged by demo-layers.ts.
import { project, turn, type Camera } from './demo-render.ts';
import { bounds, norm, type Part, type Vec3 } from './demo-shapes.ts';

/** A large soft box high above, a little to the front left: short shadows, as a product shoot has. */
const LIGHT = norm([-0.2, 1, 0.14]);
/** Cast shadows by the height of the part that casts them: higher parts cast fainter, softer ones. */
const BANDS = [
  { below: 0.25, blur: 20, opacity: 0.45 },
  { below: 0.9, blur: 45, opacity: 0.28 },
  { below: Infinity, blur: 80, opacity: 0.14 },
];

function corners(p: Part): Vec3[] {
  const s = p.shape;
  if (s.type === 'cylinder') {
    return [
      [s.y0, s.r0],
      [s.y1, s.r1],
    ].flatMap(([y, r]) =>
      Array.from(
        { length: 16 },
        (_, i) => [s.x + r! * Math.cos((i * Math.PI) / 8), y!, s.z + r! * Math.sin((i * Math.PI) / 8)] as Vec3,
      ),
    );
  }
  const { min, max } = bounds(s);
  return [0, 1, 2, 3, 4, 5, 6, 7].map((i) => [i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]]);
}

/** Convex hull (monotone chain) of screen points, as an SVG path. */
function hull(points: [number, number][]): string {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const side = (o: number[], a: number[], b: number[]) => (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);
  const half = (list: [number, number][]) =>
    list.reduce<[number, number][]>((h, p) => {
      while (h.length >= 2 && side(h[h.length - 2]!, h[h.length - 1]!, p) <= 0) h.pop();
      h.push(p);
      return h;
    }, []);
  const lower = half(pts);
  const upper = half([...pts].reverse());
  const ring = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  return `<path d="M${ring.map((p) => `${p[0].toFixed(1)} ${p[1].toFixed(1)}`).join('L')}Z"/>`;
}

export function shadowSvg(parts: Part[], cam: Camera, angle: number): string {
  const rot = turn(angle);
  const screen = (p: Vec3) => project(cam, p).slice(0, 2) as [number, number];
  const cast = (p: Vec3): Vec3 => [p[0] - (LIGHT[0] * p[1]) / LIGHT[1], 0, p[2] - (LIGHT[2] * p[1]) / LIGHT[1]];
  const down = (p: Vec3): Vec3 => [p[0], 0, p[2]];
  const turned = parts.map((p) => corners(p).map(rot));
  const low = (c: Vec3[]) => Math.min(...c.map((p) => p[1]));
  const bands = BANDS.map((b, i) => {
    const paths = turned
      .filter((c) => low(c) < b.below && (i === 0 || low(c) >= BANDS[i - 1]!.below))
      .map((c) => hull(c.map((p) => screen(cast(p)))))
      .join('');
    return paths && `<g filter="url(#c${i})" opacity="${b.opacity}">${paths}</g>`;
  }).join('');
  const contact = turned
    .filter((c) => Math.min(...c.map((p) => p[1])) < 0.03)
    .map((c) => hull(c.filter((p) => p[1] < 0.03 + Math.min(...c.map((q) => q[1]))).map((p) => screen(down(p)))))
    .join('');
  const ambient = hull(turned.flat().map((p) => screen(down(p))));
  const blur = (id: string, sd: number) =>
    `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`;
  return (
    `<defs>${blur('a', 60)}${BANDS.map((b, i) => blur(`c${i}`, b.blur)).join('')}${blur('k', 7)}</defs>` +
    `<g filter="url(#a)" opacity=".4">${ambient}</g>${bands}<g filter="url(#k)" opacity=".75">${contact}</g>`
  );
}
