// Shared by the review write tests (issue 42, stage 2): rounds made for a test (so each test owns its
// models and their states), deliveries through the API, .glb files, and the mails a server wrote.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import sharp from 'sharp';
import { call, form } from '../support/http.ts';
import type { TestServer } from '../support/server.ts';

export const GLB = readFileSync('tests/fixtures/textured-draco-ktx2.glb');
const RENDER = sharp({ create: { width: 16, height: 16, channels: 3, background: '#8a817c' } })
  .png()
  .toBuffer();

/** A binary glTF of this JSON alone (no binary chunk): enough for the upload check, and for the report to refuse. */
export function glbOf(json: object): Buffer {
  let text = JSON.stringify(json);
  while (text.length % 4) text += ' ';
  const head = Buffer.alloc(20);
  head.write('glTF', 0, 'latin1');
  head.writeUInt32LE(2, 4);
  head.writeUInt32LE(20 + text.length, 8);
  head.writeUInt32LE(text.length, 12);
  head.writeUInt32LE(0x4e4f534a, 16);
  return Buffer.concat([head, Buffer.from(text, 'latin1')]);
}

let made = 0;

/** A round of the company holding `models` of its products, none delivered yet. */
export async function freshRound(s: TestServer, cid: number, models = 2, status = 1) {
  const title = `Review ${++made}-${Math.random().toString(36).slice(2, 7)}`;
  const round = (await s.db.one<{ id: number }>(
    `INSERT INTO dashboard_rounds (customer_id, title, subtitle, round_current, status_service) VALUES ($1, $2, 'T', 1, $3) RETURNING id`,
    [cid, title, status],
  ))!.id;
  const products = await s.db.query<{ id: number }>(
    'SELECT id FROM products WHERE customer_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT $2',
    [cid, models],
  );
  const ids: number[] = [];
  for (const [i, p] of products.entries()) {
    const m = await s.db.one<{ id: number }>(
      'INSERT INTO review_models (round_id, product_id, position) VALUES ($1, $2, $3) RETURNING id',
      [round, p.id, i],
    );
    ids.push(m!.id);
  }
  return { id: round, title, models: ids };
}

export interface Delivery {
  cid: number;
  round: number;
  model: number;
  glb?: Buffer;
  /** Which image fields go with it (default: one render). */
  images?: string[];
  key?: string;
}

export async function deliver(s: TestServer, token: string, d: Delivery) {
  const files: Record<string, { name: string; bytes: Uint8Array; type?: string }> = {
    file_glb: { name: 'model.glb', bytes: d.glb ?? GLB, type: 'model/gltf-binary' },
  };
  for (const f of d.images ?? ['render_1']) files[f] = { name: `${f}.png`, bytes: await RENDER, type: 'image/png' };
  return call(s, 'POST', '/posts/review/version/store', {
    token,
    form: form({ id_customer: d.cid, id_round: d.round, id_model: d.model }, files),
    headers: d.key ? { 'idempotency-key': d.key } : {},
  });
}

/** Delivers and answers the new version's id. */
export async function delivered(s: TestServer, token: string, d: Delivery): Promise<number> {
  const r = await deliver(s, token, d);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.version.id as number;
}

/** The mails the server wrote whose text names `text`, quoted-printable undone. */
export function mailsWith(s: TestServer, text: string): string[] {
  if (!existsSync(s.config.mailDir)) return [];
  return readdirSync(s.config.mailDir)
    .map((n) =>
      readFileSync(join(s.config.mailDir, n), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((m) => m.includes(text));
}

export const count = async (s: TestServer, sql: string, params: unknown[]) =>
  (await s.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))!.n;
