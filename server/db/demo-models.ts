// One simple 3D model per demo product kind (seed-kinds.ts): bevelled boxes and cylinders in metres,
// standing on y = 0 and facing +z, in the kind's finish. The 3D viewer's glb and the 360 views are both
// made from these, so every picture of a product shows the same object.
import { box, cyl, type Material, type Part } from './demo-shapes.ts';

/** Darker (f < 1) or lighter (f > 1, towards white) version of a #rrggbb colour. */
function shade(hex: string, f: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.round(f <= 1 ? v * f : v + (255 - v) * (f - 1)));
  return `#${ch.map((v) => Math.min(255, Math.max(0, v)).toString(16).padStart(2, '0')).join('')}`;
}

const fabric = (colour: string, name = 'Fabric'): Material => ({ name, colour, roughness: 0.92, metallic: 0 });
const wood = (colour: string, name = 'Wood'): Material => ({ name, colour, roughness: 0.55, metallic: 0 });
const metal = (colour: string, name = 'Metal'): Material => ({ name, colour, roughness: 0.3, metallic: 1 });
const ceramic = (colour: string): Material => ({ name: 'Glazed ceramic', colour, roughness: 0.15, metallic: 0 });
const LINEN: Material = { name: 'Linen', colour: '#ebe4d6', roughness: 0.95, metallic: 0 };
const SHADE: Material = { name: 'Lamp shade', colour: '#eee3cc', roughness: 0.95, metallic: 0, glow: 0.2 };
const DARK_WOOD = wood('#4a3526', 'Dark oak');
const BRASS = metal('#b8925a', 'Brass');
const BLACK = metal('#2b2b2b', 'Black steel');
const GLASS: Material = { name: 'Mirror glass', colour: '#cbd8dd', roughness: 0.04, metallic: 0.6 };

/** Four legs under a w x d footprint, inset by `inset`: tapered cylinders (round) or square posts. */
function legs(w: number, d: number, inset: number, height: number, m: Material, round = true, r = 0.022): Part[] {
  return [-1, 1].flatMap((sx) =>
    [-1, 1].map((sz) => {
      const [x, z] = [sx * (w / 2 - inset), sz * (d / 2 - inset)];
      return round ? cyl(x, z, 0, height, r * 0.7, m, r, 20) : box(x - r, x + r, 0, height, z - r, z + r, m, 0.003);
    }),
  );
}

/** n equal boxes side by side across [x0, x1] with a gap between them. */
function row(n: number, x0: number, x1: number, gap: number, make: (a: number, b: number, i: number) => Part): Part[] {
  const w = (x1 - x0 - gap * (n - 1)) / n;
  return Array.from({ length: n }, (_, i) => make(x0 + i * (w + gap), x0 + i * (w + gap) + w, i));
}

function sofa(c: string, W: number, H: number, D: number, seats: number): Part[] {
  const main = fabric(c);
  const cushion = fabric(shade(c, 1.06), 'Cushion');
  const [aw, legH, seatY] = [Math.min(0.2, W * 0.17), 0.11, 0.3];
  const [x0, x1, back] = [-W / 2 + aw, W / 2 - aw, -D / 2 + 0.2];
  return [
    ...legs(W, D, 0.09, legH, DARK_WOOD),
    box(-W / 2, x0, legH, H * 0.72, -D / 2, D / 2, main, 0.05),
    box(x1, W / 2, legH, H * 0.72, -D / 2, D / 2, main, 0.05),
    box(x0, x1, legH, seatY, -D / 2, D / 2, main, 0.02),
    box(x0, x1, seatY, H, -D / 2, back, main, 0.05),
    ...row(seats, x0, x1, 0.012, (a, b) => box(a, b, seatY, seatY + 0.15, back, D / 2 - 0.02, cushion, 0.045)),
    ...row(seats, x0 + 0.02, x1 - 0.02, 0.03, (a, b) => box(a, b, seatY + 0.15, H - 0.05, back, back + 0.17, cushion, 0.06)),
  ];
}

function casework(c: string, W: number, H: number, D: number, legH: number, fronts: (y0: number, y1: number) => Part[]): Part[] {
  const body = wood(c);
  return [
    ...legs(W, D, 0.05, legH, DARK_WOOD, true, 0.018),
    box(-W / 2, W / 2, legH, H - 0.025, -D / 2, D / 2, body, 0.006),
    box(-W / 2 - 0.012, W / 2 + 0.012, H - 0.025, H, -D / 2 - 0.012, D / 2 + 0.012, wood(shade(c, 0.85), 'Top'), 0.006),
    ...fronts(legH + 0.025, H - 0.05),
  ];
}

/** Drawer or door fronts on the +z face, each with a brass knob. */
function fronts(c: string, W: number, D: number, cols: number, rows: number, y0: number, y1: number, knobs = 1): Part[] {
  const m = wood(shade(c, 1.07), 'Front');
  const front = D / 2;
  const parts: Part[] = [];
  const h = (y1 - y0 - 0.02 * (rows - 1)) / rows;
  for (let r = 0; r < rows; r++) {
    const [a, b] = [y0 + r * (h + 0.02), y0 + r * (h + 0.02) + h];
    parts.push(...row(cols, -W / 2 + 0.025, W / 2 - 0.025, 0.012, (x0, x1) => box(x0, x1, a, b, front, front + 0.014, m, 0.004)));
    const w = (W - 0.05 - 0.012 * (cols - 1)) / cols;
    for (let i = 0; i < cols; i++) {
      const cx = -W / 2 + 0.025 + i * (w + 0.012) + w / 2;
      const ky = cols > 1 && rows === 1 ? b - 0.08 : (a + b) / 2;
      const xs =
        knobs === 2 ? [cx - w / 4, cx + w / 4] : cols > 1 && rows === 1 ? [cx + (i % 2 ? -1 : 1) * (w / 2 - 0.04)] : [cx];
      for (const kx of xs)
        parts.push(box(kx - 0.012, kx + 0.012, ky - 0.012, ky + 0.012, front + 0.014, front + 0.034, BRASS, 0.006));
    }
  }
  return parts;
}

function lampShade(y0: number, y1: number, r0: number, r1: number): Part {
  return cyl(0, 0, y0, y1, r0, SHADE, r1, 64);
}

/** The kind's model, by kind slug, in finish colour c, at its size W x H x D (metres). */
export const MODELS: Record<string, (c: string, W: number, H: number, D: number) => Part[]> = {
  sofa: (c, W, H, D) => sofa(c, W, H, D, 3),
  armchair: (c, W, H, D) => sofa(c, W, H, D, 1),
  'coffee-table': (c, W, H, D) => [
    ...legs(W, D, 0.07, H - 0.04, wood(shade(c, 0.8), 'Legs'), true, 0.024),
    box(-W / 2, W / 2, H - 0.04, H, -D / 2, D / 2, wood(c), 0.008),
    box(-W / 2 + 0.1, W / 2 - 0.1, 0.12, 0.145, -D / 2 + 0.1, D / 2 - 0.1, wood(shade(c, 0.9), 'Shelf'), 0.004),
    box(-0.3, -0.05, H, H + 0.03, -0.12, 0.08, fabric('#c9bba3', 'Book cover')),
    box(-0.27, -0.08, H + 0.03, H + 0.055, -0.1, 0.06, fabric('#5b6c7d', 'Book cover')),
  ],
  'floor-lamp': (c, _W, H) => [
    cyl(0, 0, 0, 0.028, 0.15, metal(c), 0.145),
    cyl(0, 0, 0.028, H - 0.4, 0.012, metal(c), 0.012, 24),
    cyl(0, 0, H - 0.4, H - 0.37, 0.022, metal(c), 0.018, 24),
    lampShade(H - 0.37, H, 0.21, 0.15),
  ],
  vase: (c, W, H) => {
    const m = ceramic(c);
    const r = W / 2;
    return [
      cyl(0, 0, 0, 0.015, r * 0.6, { name: 'Unglazed clay', colour: '#cdbba0', roughness: 0.9, metallic: 0 }, r * 0.62),
      cyl(0, 0, 0.015, H * 0.35, r * 0.62, m, r * 0.98),
      cyl(0, 0, H * 0.35, H * 0.6, r * 0.98, m, r * 0.9),
      cyl(0, 0, H * 0.6, H * 0.82, r * 0.9, m, r * 0.42),
      cyl(0, 0, H * 0.82, H, r * 0.36, m, r * 0.44),
    ];
  },
  bed: (c, W, H, D) => {
    const main = fabric(c);
    const white = fabric('#f5f2ec', 'Bed linen');
    return [
      ...legs(W, D, 0.08, 0.1, DARK_WOOD),
      box(-W / 2, W / 2, 0.1, H, -D / 2, -D / 2 + 0.08, main, 0.04),
      box(-W / 2, W / 2, 0.1, 0.36, -D / 2 + 0.08, D / 2, main, 0.03),
      box(-W / 2 + 0.03, W / 2 - 0.03, 0.36, 0.58, -D / 2 + 0.1, D / 2 - 0.03, white, 0.05),
      box(-W / 2 + 0.01, W / 2 - 0.01, 0.58, 0.64, -D / 2 + 0.62, D / 2 - 0.01, fabric(shade(c, 1.35), 'Throw'), 0.03),
      box(-W / 2 + 0.12, -0.03, 0.58, 0.72, -D / 2 + 0.14, -D / 2 + 0.52, white, 0.06),
      box(0.03, W / 2 - 0.12, 0.58, 0.72, -D / 2 + 0.14, -D / 2 + 0.52, white, 0.06),
    ];
  },
  nightstand: (c, W, H, D) => casework(c, W, H, D, 0.14, (y0, y1) => fronts(c, W, D, 1, 2, y0, y1)),
  'dining-chair': (c, W, H, D) => {
    const m = wood(c);
    const [seat, post] = [0.45, 0.035];
    return [
      ...legs(W, D, 0.035, seat, m, false, 0.018),
      box(-W / 2, W / 2, seat, seat + 0.035, -D / 2, D / 2, m, 0.006),
      box(
        -W / 2 + 0.03,
        W / 2 - 0.03,
        seat + 0.035,
        seat + 0.065,
        -D / 2 + 0.06,
        D / 2 - 0.03,
        fabric('#d8cdbb', 'Seat pad'),
        0.018,
      ),
      box(-W / 2 + 0.017, -W / 2 + 0.017 + post, seat + 0.035, H, -D / 2 + 0.017, -D / 2 + 0.017 + post, m, 0.004),
      box(W / 2 - 0.017 - post, W / 2 - 0.017, seat + 0.035, H, -D / 2 + 0.017, -D / 2 + 0.017 + post, m, 0.004),
      box(-W / 2 + 0.017 + post, W / 2 - 0.017 - post, H - 0.13, H - 0.03, -D / 2 + 0.022, -D / 2 + 0.047, m, 0.005),
      box(-W / 2 + 0.017 + post, W / 2 - 0.017 - post, seat + 0.16, seat + 0.2, -D / 2 + 0.022, -D / 2 + 0.047, m, 0.005),
    ];
  },
  pendant: (c, W) => {
    const m: Material = { name: 'Painted metal', colour: c, roughness: 0.35, metallic: 0.2 };
    const r = W / 2;
    return [
      cyl(0, 0, 0.08, 0.1, r * 0.2, { name: 'Bulb', colour: '#fff6d8', roughness: 0.1, metallic: 0, glow: 1 }, r * 0.2),
      cyl(0, 0, 0.1, 0.13, r, m, r * 0.96),
      cyl(0, 0, 0.13, 0.24, r * 0.96, m, r * 0.62),
      cyl(0, 0, 0.24, 0.31, r * 0.62, m, r * 0.18),
      cyl(0, 0, 0.31, 0.36, r * 0.09, BRASS, r * 0.09, 24),
      cyl(0, 0, 0.36, 0.75, 0.004, BLACK, 0.004, 12),
      cyl(0, 0, 0.75, 0.78, 0.06, BRASS, 0.06, 32),
    ];
  },
  rug: (c, W, H, D) => {
    const main = fabric(c, 'Wool');
    const light = fabric(shade(c, 1.45), 'Wool border');
    const dark = fabric(shade(c, 0.7), 'Wool pattern');
    const t = Math.max(H, 0.012);
    return [
      box(-W / 2, W / 2, 0, t, -D / 2, D / 2, main, 0.004),
      box(-W / 2 + 0.1, W / 2 - 0.1, t, t + 0.002, -D / 2 + 0.1, -D / 2 + 0.16, light, 0),
      box(-W / 2 + 0.1, W / 2 - 0.1, t, t + 0.002, D / 2 - 0.16, D / 2 - 0.1, light, 0),
      box(-W / 2 + 0.1, -W / 2 + 0.16, t, t + 0.002, -D / 2 + 0.16, D / 2 - 0.16, light, 0),
      box(W / 2 - 0.16, W / 2 - 0.1, t, t + 0.002, -D / 2 + 0.16, D / 2 - 0.16, light, 0),
      ...row(3, -W / 2 + 0.35, W / 2 - 0.35, 0.12, (a, b) => box(a, b, t, t + 0.002, -D / 4, D / 4, dark, 0)),
      ...[-1, 1].flatMap((s) =>
        row(18, -D / 2 + 0.04, D / 2 - 0.04, 0.03, (a, b) =>
          box(s < 0 ? -W / 2 - 0.06 : W / 2, s < 0 ? -W / 2 : W / 2 + 0.06, 0, 0.003, a, b, LINEN, 0),
        ),
      ),
    ];
  },
  mirror: (c, W, H, D) => {
    const frame = metal(c);
    return [
      box(-W / 2, W / 2, 0.02, H, -D / 2, D / 2 - 0.008, frame, 0.01),
      box(-W / 2 + 0.045, W / 2 - 0.045, 0.065, H - 0.045, D / 2 - 0.008, D / 2, GLASS, 0),
      box(-W / 2 + 0.02, -W / 2 + 0.06, 0, 0.02, -D / 2 - 0.02, D / 2, frame, 0.004),
      box(W / 2 - 0.06, W / 2 - 0.02, 0, 0.02, -D / 2 - 0.02, D / 2, frame, 0.004),
    ];
  },
  sideboard: (c, W, H, D) => casework(c, W, H, D, 0.15, (y0, y1) => fronts(c, W, D, 4, 1, y0, y1)),
  'tv-stand': (c, W, H, D) => [
    ...legs(W, D, 0.04, 0.12, BLACK, false, 0.012),
    box(-W / 2, W / 2, 0.12, H - 0.02, -D / 2, D / 2, wood(c), 0.006),
    box(-W / 2 - 0.01, W / 2 + 0.01, H - 0.02, H, -D / 2 - 0.01, D / 2 + 0.01, wood(shade(c, 0.85), 'Top'), 0.005),
    box(
      -W / 6,
      W / 6,
      0.15,
      H - 0.05,
      D / 2,
      D / 2 + 0.004,
      { name: 'Open shelf', colour: '#1f1f1f', roughness: 0.8, metallic: 0 },
      0,
    ),
    ...[-1, 1].flatMap((s) => fronts(c, W / 3 - 0.03, D, 1, 2, 0.15, H - 0.05).map((p) => moveX(p, (s * W) / 3))),
  ],
  dresser: (c, W, H, D) => casework(c, W, H, D, 0.1, (y0, y1) => fronts(c, W, D, 1, 4, y0, y1, 2)),
  'dining-table': (c, W, H, D) => [
    ...legs(W, D, 0.1, H - 0.12, wood(shade(c, 0.92), 'Legs'), false, 0.035),
    box(-W / 2 + 0.1, W / 2 - 0.1, H - 0.12, H - 0.04, -D / 2 + 0.1, D / 2 - 0.1, wood(shade(c, 0.85), 'Apron'), 0.004),
    box(-W / 2, W / 2, H - 0.04, H, -D / 2, D / 2, wood(c), 0.01),
  ],
  'table-lamp': (c, W, H) => {
    const m = ceramic(c);
    const r = W / 2;
    return [
      cyl(0, 0, 0, 0.02, r * 0.42, wood('#5a4636', 'Walnut foot'), r * 0.42, 40),
      cyl(0, 0, 0.02, 0.1, r * 0.4, m, r * 0.72),
      cyl(0, 0, 0.1, 0.2, r * 0.72, m, r * 0.68),
      cyl(0, 0, 0.2, 0.27, r * 0.68, m, r * 0.22),
      cyl(0, 0, 0.27, H * 0.58, 0.012, BRASS, 0.012, 20),
      lampShade(H * 0.58, H, r, r * 0.72),
    ];
  },
};

function moveX(p: Part, dx: number): Part {
  const s = p.shape;
  if (s.type === 'cylinder') return { ...p, shape: { ...s, x: s.x + dx } };
  return { ...p, shape: { ...s, min: [s.min[0] + dx, s.min[1], s.min[2]], max: [s.max[0] + dx, s.max[1], s.max[2]] } };
}

/** Product kinds that hang from the ceiling: no floor under them, so no shadow or reflection. */
export const HANGING = new Set(['pendant']);

/** How high above the product the camera looks down (degrees): more for what lies flat. */
export const ELEVATION: Record<string, number> = { rug: 38, 'coffee-table': 22, pendant: 8, vase: 16, 'table-lamp': 14 };
