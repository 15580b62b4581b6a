// The review bench's rounds, in its own copy of the demo database (Acme Living's products):
// - "Bench: open": models each delivered through the studio's real route (staff, multipart) with a
//   poster of their own (a new file each, so no open is served from another's cache);
// - "Bench: 40 models": 40 models with 3 versions each and 200 pins on each latest version (150 on the
//   model, 50 on renders, every other one with a reply), written in SQL as seed-review.ts writes them.
import sharp from 'sharp';
import { call, DEMO, form } from '../../tests/support/http.ts';
import type { TestServer } from '../../tests/support/server.ts';

type DemoVersion = { glb: string; renders: string[]; report: { size: [number, number, number] } | null; file_bytes: number };

export const acmeId = async (s: TestServer) =>
  (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;

async function newRound(s: TestServer, cid: number, title: string, models: number, roundCurrent: number) {
  const round = (await s.db.one<{ id: number }>(
    `INSERT INTO dashboard_rounds (customer_id, title, subtitle, round_current, status_service, total_models)
     VALUES ($1, $2, 'Bench', $3, 2, $4) RETURNING id`,
    [cid, title, roundCurrent, models],
  ))!.id;
  const ids = await s.db.query<{ id: number }>(
    `INSERT INTO review_models (round_id, product_id, position)
     SELECT $1, id, row_number() OVER (ORDER BY id) FROM
       (SELECT id FROM products WHERE customer_id = $2 AND deleted_at IS NULL ORDER BY id LIMIT $3) p
     RETURNING id`,
    [round, cid, models],
  );
  return { id: round, models: ids.map((r) => r.id).sort((a, b) => a - b) };
}

/** The demo's delivered versions (their .glb files and renders), to reuse. */
const demoVersions = (s: TestServer) =>
  s.db.query<DemoVersion>(`SELECT glb, renders, report, file_bytes FROM review_versions ORDER BY id`);

const bytesOf = async (s: TestServer, path: string) => Buffer.from(await (await fetch(`${s.url}/storage/${path}`)).arrayBuffer());

/** A 1600 x 1200 JPEG poster: a demo render on the studio's grey, numbered (each file differs). */
export async function poster(s: TestServer, render: string, n: number): Promise<Buffer> {
  const picture = await sharp(await bytesOf(s, render))
    .resize({ width: 1400, height: 1100, fit: 'inside' })
    .toBuffer();
  const label = Buffer.from(
    `<svg width="1600" height="1200"><text x="1560" y="1160" font-size="64" text-anchor="end" fill="#777">${n}</text></svg>`,
  );
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#eeece8' } })
    .composite([{ input: picture, gravity: 'center' }, { input: label }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/** The studio's delivery of a model's next version, through the real route as staff. */
export async function deliver(
  s: TestServer,
  ref: { cid: number; round: number; model: number },
  files: { glb: Buffer; poster: Buffer },
): Promise<{ id: number; glb: string; poster: string }> {
  const r = await call(s, 'POST', '/posts/review/version/store', {
    token: await s.tokenFor(DEMO.staff),
    form: form(
      { id_customer: ref.cid, id_round: ref.round, id_model: ref.model },
      {
        file_glb: { name: 'model.glb', bytes: files.glb, type: 'model/gltf-binary' },
        file_poster: { name: 'poster.jpg', bytes: files.poster, type: 'image/jpeg' },
      },
    ),
  });
  if (r.status !== 200) throw new Error(`delivery refused: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.version;
}

/** "Bench: open": `count` models, each delivered once (a demo .glb and a poster of its own). */
export async function openRound(s: TestServer, cid: number, count: number) {
  const round = await newRound(s, cid, 'Bench: open', count, 1);
  const demo = await demoVersions(s);
  const versions = [];
  for (const [i, model] of round.models.entries()) {
    const d = demo[i % demo.length]!;
    const files = { glb: await bytesOf(s, d.glb), poster: await poster(s, d.renders[0]!, i + 1) };
    versions.push(await deliver(s, { cid, round: round.id, model }, files));
  }
  return { ...round, versions };
}

const PINS = 200;
const MODEL_PINS = 150;
const BODIES = [
  'The seam along the front edge looks heavier than on our sample; please soften it.',
  'Colour is a little too warm here compared with the swatch we sent.',
  'This leg should taper more towards the floor.',
  'The stitching is missing on this side.',
  'Can you check the scale of the handle? It reads as too large.',
  'Reflection looks too strong in this area.',
  'Please match the grain direction to the photo.',
  'Gap between the cushions is too wide.',
];

/** "Bench: 40 models": versions 1 and 2 with changes requested, version 3 under review with 200 pins. */
export async function bigRound(s: TestServer, cid: number, models = 40) {
  const round = await newRound(s, cid, 'Bench: 40 models', models, 3);
  const demo = await demoVersions(s);
  const staff = (await s.db.one<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [DEMO.staff]))!.id;
  const manager = (await s.db.one<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [DEMO.acme]))!.id;
  for (const [i, model] of round.models.entries()) {
    const d = demo[i % demo.length]!;
    const [sx, sy, sz] = d.report?.size ?? [0.8, 0.8, 0.8];
    for (let n = 1; n <= 3; n++) {
      const v = (await s.db.one<{ id: number }>(
        `INSERT INTO review_versions (model_id, number, round_number, glb, poster, renders, file_bytes, report, delivered_by, delivered_at)
         VALUES ($1, $2::int, $2::int, $3, $4, $5, $6, $7, $8, timestamptz '2026-09-01' + $2::int * interval '7 days') RETURNING id`,
        [model, n, d.glb, d.renders[0], JSON.stringify(d.renders), d.file_bytes, d.report && JSON.stringify(d.report), staff],
      ))!.id;
      if (n < 3) {
        await s.db.query(
          `INSERT INTO review_decisions (version_id, decision, note, user_id) VALUES ($1, 'changes_requested', 'See the pins.', $2)`,
          [v, manager],
        );
        continue;
      }
      // Model pins inside the model's box (a hotspot need not be on the surface to be drawn), facing a side.
      await s.db.query(
        `INSERT INTO review_pins (version_id, number, target, render_index, position, normal, body, state, author_id, created_at)
         SELECT $1, k, CASE WHEN k <= $3 THEN 'model' ELSE 'render' END,
                CASE WHEN k <= $3 THEN NULL ELSE k % 3 END,
                CASE WHEN k <= $3
                  THEN jsonb_build_array(round(((random() - 0.5) * $4)::numeric, 4), round((random() * $5)::numeric, 4), round(((random() - 0.5) * $6)::numeric, 4))
                  ELSE jsonb_build_array(round(random()::numeric, 3), round(random()::numeric, 3)) END,
                CASE WHEN k <= $3 THEN (ARRAY['[1,0,0]','[-1,0,0]','[0,1,0]','[0,0,1]','[0,0,-1]'])[1 + k % 5]::jsonb END,
                ($7::text[])[1 + k % array_length($7::text[], 1)] || ' (' || k || ')',
                CASE WHEN k % 3 = 0 THEN 'resolved' ELSE 'open' END, $8,
                timestamptz '2026-09-22' + k * interval '3 minutes'
           FROM generate_series(1, $2) k`,
        [v, PINS, MODEL_PINS, sx, sy, sz, BODIES, manager],
      );
      await s.db.query(
        `INSERT INTO review_replies (pin_id, body, author_id)
         SELECT id, 'Noted, we will change it in the next version.', $2 FROM review_pins WHERE version_id = $1 AND number % 2 = 0`,
        [v, staff],
      );
    }
  }
  return round;
}
