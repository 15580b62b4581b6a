// Demo pictures drawn as SVG and rendered by sharp, so the seed downloads nothing.
import sharp from 'sharp';
import type { Kind } from './seed-kinds.ts';
import { shadowOf, turned } from './seed-layers.ts';

const PALETTE = ['#c8553d', '#588b8b', '#f2c57c', '#6d597a', '#3d5a80', '#8aa29e', '#e07a5f', '#81b29a', '#b56576', '#355070', '#eaac8b', '#43aa8b'];

/** A catalogue picture of a product: its kind's drawing (turned to `angle`) on a studio floor, with its label. */
export async function productPicture(kind: Kind, colour: string, angle: number, label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#f4f1ec"/>
    ${shadowOf(kind, angle, 0.3)}${turned(kind, colour, angle)}
    <text x="300" y="570" font-family="DejaVu Sans, sans-serif" font-size="28" text-anchor="middle" fill="#555">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
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
