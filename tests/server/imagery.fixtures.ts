// Shared by the imagery*.test.ts files: demo ids and tokens (with a dashboard-only member and a
// silo-reader-only member), upload bytes of every kind, and field-by-field shape checks.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect } from 'vitest';
import { addMember, createUser, grant } from '../../server/domain/accounts.ts';
import { box } from '../../server/db/demo-shapes.ts';
import { glb as glbOf, obj as objOf } from '../../server/db/seed-models.ts';
import { DEMO } from '../support/http.ts';
import type { TestServer } from '../support/server.ts';

export { BIG, PDF, expectRefused } from './products.fixtures.ts';
export { FAKE_PNG } from './templates.fixtures.ts';

export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
export const SECTIONS = ['silo', 'vignette', '360'] as const;
export type Section = (typeof SECTIONS)[number];

export interface World {
  acme: number;
  borealis: number;
  /** ACM-1001 / BOR-1001: seeded with layers, presets, backgrounds, files and customer uploads. */
  acmeProduct: number;
  borProduct: number;
  tok: Record<'staff' | 'acme' | 'viewer' | 'borealis' | 'noslug' | 'siloReader', string>;
}

async function member(s: TestServer, customer: number, email: string, role: string, slugs: string[]) {
  const r = await s.db.one<{ id: number }>('INSERT INTO roles (customer_id, name) VALUES ($1, $2) RETURNING id', [
    customer,
    role,
  ]);
  await grant(s.db, r!.id, slugs);
  await addMember(s.db, await createUser(s.db, { name: role, email, password: 'whatever1' }), customer, r!.id);
  return s.tokenFor(email);
}

export async function world(s: TestServer): Promise<World> {
  const one = async (sql: string, p: unknown[]) => (await s.db.one<{ id: number }>(sql, p))!.id;
  const acme = await one('SELECT id FROM customers WHERE name = $1', ['Acme Living']);
  const borealis = await one('SELECT id FROM customers WHERE name = $1', ['Borealis Home']);
  return {
    acme,
    borealis,
    acmeProduct: await one('SELECT id FROM products WHERE sku = $1', ['ACM-1001']),
    borProduct: await one('SELECT id FROM products WHERE sku = $1', ['BOR-1001']),
    tok: {
      staff: await s.tokenFor(DEMO.staff),
      acme: await s.tokenFor(DEMO.acme),
      viewer: await s.tokenFor(DEMO.viewer),
      borealis: await s.tokenFor(DEMO.borealis),
      noslug: await member(s, acme, 'noslug.imagery@acme.test', 'Dashboard only', ['dashboard-access']),
      siloReader: await member(s, acme, 'silo.reader@acme.test', 'Silo reader', ['reader-silo-access']),
    },
  };
}

// Upload bytes of every accepted kind, made here (nothing downloaded).
export const png = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 4, background: '#3a7c' } })
    .png()
    .toBuffer();
export const jpeg = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: '#a37' } })
    .jpeg()
    .toBuffer();
export const gif = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#37a' } })
    .gif()
    .toBuffer();
export const tiff = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#7a3' } })
    .tiff()
    .toBuffer();
const TEST_BOX = [box(-0.25, 0.25, 0, 0.4, -0.15, 0.15, { name: 'Test', colour: '#c8553d', roughness: 0.7, metallic: 0 })];
export const glb = () => glbOf(TEST_BOX, 'Test box');
export const obj = () => objOf(TEST_BOX, 'Test box');
export const MP4 = readFileSync('server/db/seed-assets/turntable.mp4');
/** A zip whose first entry is a USD layer (a USDZ), stored, with no compression. */
export function usdz(): Buffer {
  const name = Buffer.from('model.usda');
  const data = Buffer.from('#usda 1.0\n');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(10, 4);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, data]);
}

const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/** Every field of a preset of a section, checked one by one (and nothing more). */
export function expectPreset(p: Record<string, unknown>, section: Section) {
  const bg = section === 'vignette' ? ['bg_offset_x', 'bg_offset_y', 'bg_scale'] : [];
  expect(Object.keys(p).sort()).toEqual(
    [
      'background',
      'brightness',
      'created_at',
      'hasReflection',
      'hasShadow',
      'id',
      'id_product',
      'id_product_config',
      'image_offset_x',
      'image_offset_y',
      'image_scale',
      'number',
      'reflection',
      'saturation',
      'shadow',
      'updated_at',
      'version',
      ...bg,
    ].sort(),
  );
  expect(p.id_product_config).toBe(p.id);
  expect(Number.isInteger(p.number) && (p.number as number) > 0).toBe(true);
  expect(Number.isInteger(p.id_product)).toBe(true);
  expect(typeof p.background).toBe('string');
  for (const f of ['hasShadow', 'hasReflection']) expect([0, 1], f).toContain(p[f]);
  for (const [f, lo, hi] of [
    ['shadow', 0, 100],
    ['reflection', 0, 100],
    ['saturation', 0, 200],
    ['brightness', 0, 200],
  ] as const) {
    expect(num(p[f]) && (p[f] as number) >= lo && (p[f] as number) <= hi, f).toBe(true);
  }
  const scaleMin = section === 'vignette' ? -1 : 0;
  expect((p.image_scale as number) >= scaleMin && (p.image_scale as number) <= 1).toBe(true);
  for (const f of ['image_offset_x', 'image_offset_y', ...bg]) expect(num(p[f]) && Math.abs(p[f] as number) <= 1, f).toBe(true);
  expect(Number.isInteger(p.version) && (p.version as number) >= 1).toBe(true);
  expect(p.created_at).toMatch(ISO);
  expect(p.updated_at).toMatch(ISO);
}

export function expectLayer(l: Record<string, unknown>) {
  expect(Object.keys(l).sort()).toEqual(['angle', 'beauty', 'height', 'reflection', 'shadow', 'updated_at', 'width']);
  expect(Number.isInteger(l.angle) && (l.angle as number) >= 0 && (l.angle as number) < 360).toBe(true);
  for (const f of ['beauty', 'shadow', 'reflection']) expect(l[f], f).toMatch(/^[\w/-]+\.png$/);
  expect(Number.isInteger(l.width) && Number.isInteger(l.height)).toBe(true);
  expect(l.updated_at).toMatch(ISO);
}

export function expectUploadedImage(u: Record<string, unknown>) {
  expect(Object.keys(u).sort()).toEqual(['created_at', 'id', 'name', 'photo', 'updated_at']);
  expect(Number.isInteger(u.id)).toBe(true);
  expect(u.photo).toMatch(/^products\/\d+\/\d+\/uploads\/(silo|vignette)\/[0-9a-f-]{36}\.\w+$/);
  expect(typeof u.name).toBe('string');
  expect(u.created_at).toMatch(ISO);
  expect(u.updated_at).toMatch(ISO);
}

export function expectFile(f: Record<string, unknown>) {
  expect(Object.keys(f).sort()).toEqual(['created_at', 'extension', 'id', 'link', 'name', 'updated_at']);
  expect(Number.isInteger(f.id)).toBe(true);
  expect(f.link).toMatch(/^[\w/-]+\.\w+$/);
  expect((f.link as string).endsWith(`.${f.extension as string}`)).toBe(true);
  expect(typeof f.name).toBe('string');
  expect(f.created_at).toMatch(ISO);
  expect(f.updated_at).toMatch(ISO);
}
