// Demo pictures drawn as SVG and rendered by sharp, so the seed downloads nothing.
import sharp from 'sharp';
import { studioPicture } from './demo-layers.ts';
import type { Kind } from './seed-kinds.ts';

const PALETTE = [
  '#c8553d',
  '#588b8b',
  '#f2c57c',
  '#6d597a',
  '#3d5a80',
  '#8aa29e',
  '#e07a5f',
  '#81b29a',
  '#b56576',
  '#355070',
  '#eaac8b',
  '#43aa8b',
];

/** Runs the jobs a few at a time (sharp works on libuv's pool; more in flight only costs memory). */
export async function inPool<T>(jobs: (() => Promise<T>)[], size = 4): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < jobs.length) {
        const i = next++;
        out[i] = await jobs[i]!();
      }
    }),
  );
  return out;
}

/** Pictures without their label, by kind, finish and angle: products of one kind share them (the seed's time). */
const pictures = new Map<string, Promise<Buffer>>();

/** The picture of a kind, finish and angle on the studio's ground, without a label (drawn once). */
function unlabelled(kind: Kind, variant: 0 | 1, angle: number): Promise<Buffer> {
  const key = `${kind.slug}-${variant}-${angle}`;
  if (!pictures.has(key)) {
    pictures.set(
      key,
      studioPicture(kind, variant, angle, 600, '<rect width="2400" height="2400" fill="#f4f1ec"/>').then((p) =>
        p.png().toBuffer(),
      ),
    );
  }
  return pictures.get(key)!;
}

/** The 3D viewer's poster (issue 43): the catalogue's picture with nothing printed on it; the model replaces it. */
export const posterPicture = (kind: Kind, variant: 0 | 1, angle: number) => unlabelled(kind, variant, angle);

/** A catalogue picture of a product: its kind's model (turned to `angle`) on a studio floor, with its label. */
export async function productPicture(kind: Kind, variant: 0 | 1, angle: number, label: string): Promise<Buffer> {
  const text = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="60"><text x="300" y="40" font-family="DejaVu Sans, sans-serif" font-size="28" text-anchor="middle" fill="#555">${label}</text></svg>`;
  return sharp(await unlabelled(kind, variant, angle))
    .composite([{ input: Buffer.from(text), top: 530, left: 0 }])
    .png()
    .toBuffer();
}

export async function roomPicture(i: number): Promise<Buffer> {
  const wall = PALETTE[(i * 5) % PALETTE.length]!;
  const floor = PALETTE[(i * 7 + 3) % PALETTE.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="560" fill="${wall}" opacity=".55"/><rect y="560" width="1200" height="240" fill="${floor}" opacity=".7"/>
    <rect x="${150 + (i % 4) * 150}" y="140" width="260" height="220" fill="#fff" opacity=".85"/>
    <rect x="${170 + (i % 4) * 150}" y="160" width="220" height="180" fill="#9cc5e0"/>
    <rect x="${700 - (i % 3) * 120}" y="420" width="360" height="160" rx="20" fill="#3d3d3d" opacity=".8"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export async function portrait(i: number): Promise<Buffer> {
  const c = PALETTE[(i * 3) % PALETTE.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="${c}"/>
    <circle cx="128" cy="100" r="52" fill="#fff" opacity=".9"/><ellipse cx="128" cy="240" rx="90" ry="70" fill="#fff" opacity=".9"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function badge(i: number): Promise<Buffer> {
  const c = PALETTE[(i * 2 + 1) % PALETTE.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><circle cx="64" cy="64" r="60" fill="${c}"/>
    <polygon points="64,22 76,52 108,52 82,72 92,104 64,84 36,104 46,72 20,52 52,52" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
