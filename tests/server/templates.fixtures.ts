// Shared by the template and catalogue tests: demo ids and tokens, upload bytes, shape checks.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { addMember, createUser, grant } from '../../server/domain/accounts.ts';
import type { CallResult } from '../support/http.ts';
import { DEMO } from '../support/http.ts';
import type { TestServer } from '../support/server.ts';

export const BIG = 'x'.repeat(100 * 1024);
export const NOSLUG = 'noslug@acme.test';

export interface World {
  acme: number;
  borealis: number;
  tok: Record<'staff' | 'acme' | 'viewer' | 'borealis' | 'multi' | 'noslug', string>;
}

/** Demo ids and tokens, plus an Acme member whose role holds only dashboard-access. */
export async function world(s: TestServer): Promise<World> {
  const idOf = async (name: string) => (await s.db.one<{ id: number }>('SELECT id FROM customers WHERE name = $1', [name]))!.id;
  const acme = await idOf('Acme Living');
  const borealis = await idOf('Borealis Home');
  const role = await s.db.one<{ id: number }>(
    `INSERT INTO roles (customer_id, name) VALUES ($1, 'Dashboard only') RETURNING id`,
    [acme],
  );
  await grant(s.db, role!.id, ['dashboard-access']);
  await addMember(s.db, await createUser(s.db, { name: 'No Slug', email: NOSLUG, password: 'whatever1' }), acme, role!.id);
  const tok = {
    staff: await s.tokenFor(DEMO.staff),
    acme: await s.tokenFor(DEMO.acme),
    viewer: await s.tokenFor(DEMO.viewer),
    borealis: await s.tokenFor(DEMO.borealis),
    multi: await s.tokenFor(DEMO.multi),
    noslug: await s.tokenFor(NOSLUG),
  };
  return { acme, borealis, tok };
}

export const png = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
export const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#a37' } })
    .jpeg()
    .toBuffer();
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
export const TEXT = Buffer.from('just some text, not an image\n');
/** A PNG signature followed by junk: passes a signature sniff, cannot be decoded. */
export const FAKE_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

/** A refusal: 4xx (never 5xx) with the error shape; optionally an exact status. */
export function refused(r: CallResult, status?: number) {
  if (status) expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(status);
  expect(r.status).toBeGreaterThanOrEqual(400);
  expect(r.status).toBeLessThan(500);
  expect(r.body.success).toBe(false);
  expect(typeof r.body.message).toBe('string');
  expect(r.body.message.length).toBeGreaterThan(0);
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PATH = /^templates\/(public|\d+)\/[0-9a-f-]{36}\.(jpg|png)$/;

/** Every field of a template, checked one by one (and nothing more). */
export function expectTemplate(t: Record<string, unknown>) {
  expect(Object.keys(t).sort()).toEqual([
    'ambients',
    'collection',
    'created_at',
    'id',
    'id_customer',
    'image_name',
    'image_thumb',
    'name',
    'note',
    'public',
    'tags',
    'updated_at',
  ]);
  expect(Number.isInteger(t.id) && (t.id as number) > 0).toBe(true);
  expect(typeof t.name).toBe('string');
  expect(typeof t.note).toBe('string');
  expect([0, 1]).toContain(t.public);
  expect(t.image_name).toMatch(PATH);
  expect(t.image_thumb).toBe((t.image_name as string).replace(/\.(jpg|png)$/, '_thumb.$1'));
  expect(t.collection === null || typeof t.collection === 'string').toBe(true);
  expect(t.created_at).toMatch(ISO);
  expect(t.updated_at).toMatch(ISO);
  for (const list of [t.tags, t.ambients] as { id: unknown; name: unknown }[][]) {
    expect(Array.isArray(list)).toBe(true);
    for (const x of list) {
      expect(Object.keys(x).sort()).toEqual(['id', 'name']);
      expect(typeof x.id).toBe('number');
      expect(typeof x.name).toBe('string');
    }
  }
  // Public templates belong to no company; private ones to exactly one.
  if (t.public === 1) expect(t.id_customer).toBeNull();
  else expect(typeof t.id_customer).toBe('number');
}

/** Every file name under a folder, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}
