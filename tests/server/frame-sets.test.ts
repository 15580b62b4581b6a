// Issue 14: a saved 360 preset's frames, rendered on the server once per preset version in a few widths
// (WebP and JPEG), served by /public/360; an edit renders a new set while the old one is still served.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call } from '../support/http.ts';
import { world, type World } from './imagery.fixtures.ts';
import { working } from './exports.fixtures.ts';
import { PREPARED, prepareUnprepared } from '../../server/domain/frame-sets.ts';
import { JOB_SCHEMA } from '../../server/jobs/schema.ts';
import { spinPrepareJob } from '../../server/jobs/spin-prepare-job.ts';
import type { Job, JobQueue } from '../../server/jobs/queue.ts';

let s: TestServer;
let w: World;
let key: string;
let preset: number;
beforeAll(async () => {
  s = await startTestServer(working({ spinWidths: [160, 320] }));
  w = await world(s);
  preset = (await s.db.one<{ id: number }>(
    "SELECT min(id) AS id FROM product_presets WHERE product_id = $1 AND section = '360'",
    [w.acmeProduct],
  ))!.id;
  key = (
    await call(s, 'GET', '/gets/product/share-key', {
      token: w.tok.acme,
      query: { id_product: w.acmeProduct, id_customer: w.acme },
    })
  ).body.key;
});
afterAll(async () => {
  await s.close();
});

type Frame = { index: number; webp: Record<string, string>; jpeg: Record<string, string> };
const spin = (frames: 24 | 48) =>
  call(s, 'GET', '/public/360', { query: { id_product: w.acmeProduct, id_customization: preset, frames, key } });

// A demo spin is 48 views (issues 27, 43; small layers on test servers): a set takes a while on a busy machine.
async function ready(frames: 24 | 48, notFolder?: string) {
  for (let i = 0; i < 1200; i++) {
    const r = await spin(frames);
    const folder = (r.body.frames as Frame[])[0]?.webp['160']?.split('/')[3];
    if (r.body.status === 'ready' && folder !== notFolder)
      return r.body as { status: string; width: number; height: number; frames: Frame[] };
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error('the frame set never became ready');
}

const fetchImage = async (path: string) => {
  const res = await fetch(`${s.url}${path}`);
  expect(res.status, path).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
};

describe('frame sets', () => {
  it(
    'renders every view once in every width, WebP and JPEG; 24 and 48 frames share the files',
    { timeout: 300_000 },
    async () => {
      const first = await spin(24);
      expect(first.body.status).toBe('rendering');
      const set = await ready(24);
      expect(set.frames).toHaveLength(24);
      expect(set.width).toBe(320);
      expect(Object.keys(set.frames[0]!.webp)).toEqual(['160', '320']);
      const views = new Set(set.frames.map((f) => f.webp['320']));
      expect(views.size).toBe(24); // every other of the demo's 48 angles, one per frame
      // Distinct pictures, not only distinct names (issue 27: every demo spin held 8 images before).
      const bytes = await Promise.all(
        set.frames.map(async (f) => Buffer.from(await (await fetch(`${s.url}${f.jpeg['160']}`)).arrayBuffer())),
      );
      expect(new Set(bytes.map((b) => createHash('md5').update(b).digest('hex'))).size).toBe(24);
      const m = await fetchImage(set.frames[3]!.webp['160']!);
      expect([m.format, m.width]).toEqual(['webp', 160]);
      const j = await fetchImage(set.frames[3]!.jpeg['320']!);
      expect([j.format, j.width, j.height]).toEqual(['jpeg', 320, set.height]);
      const rows = await s.db.query('SELECT id FROM frame_sets WHERE preset_id = $1', [preset]);
      const forty8 = await ready(48);
      expect(forty8.frames).toHaveLength(48);
      expect(forty8.frames[2]!.webp['320']).toBe(set.frames[1]!.webp['320']);
      expect(await s.db.query('SELECT id FROM frame_sets WHERE preset_id = $1', [preset])).toHaveLength(rows.length);
    },
  );

  it(
    'an edit renders a new set; the old one is served (status rendering) until the new one is complete',
    { timeout: 300_000 },
    async () => {
      const old = await ready(24);
      const oldFolder = old.frames[0]!.webp['160']!.split('/')[3];
      const edit = await call(s, 'PUT', '/puts/product/automation/360/config/edit', {
        token: w.tok.acme,
        body: { id_product: w.acmeProduct, id_customer: w.acme, id_product_config: preset, brightness: 140 },
      });
      expect(edit.status).toBe(200);
      const during = await spin(24);
      if (during.body.status === 'rendering') expect(during.body.frames[0].webp['160']).toBe(old.frames[0]!.webp['160']);
      const fresh = await ready(24, oldFolder);
      expect(fresh.frames[0]!.webp['160']).not.toBe(old.frames[0]!.webp['160']);
      // Still on disk for pages that show the old set (swept an hour after it was superseded).
      await fetchImage(old.frames[0]!.webp['160']!);
      const brighter = await sharp(await (await fetch(`${s.url}${fresh.frames[0]!.jpeg['160']}`)).arrayBuffer()).stats();
      const before = await sharp(await (await fetch(`${s.url}${old.frames[0]!.jpeg['160']}`)).arrayBuffer()).stats();
      expect(brighter.channels[0]!.mean).toBeGreaterThan(before.channels[0]!.mean);
    },
  );

  it(
    'a saved preset is prepared ahead: one job per preset, its latest version only, behind shoppers (issue 43)',
    { timeout: 300_000 },
    async () => {
      const edit = (brightness: number) =>
        call(s, 'PUT', '/puts/product/automation/360/config/edit', {
          token: w.tok.acme,
          body: { id_product: w.acmeProduct, id_customer: w.acme, id_product_config: preset, brightness },
        });
      s.config.jobs.prepareSpins = true;
      try {
        // Three saves in a row (a slider dragged, saved, dragged again): one preparation waits.
        for (const b of [110, 120, 130]) expect((await edit(b)).status).toBe(200);
      } finally {
        s.config.jobs.prepareSpins = false;
      }
      const waiting = await s.db.query<{ data: { presetId: number } }>(
        `SELECT data FROM ${JOB_SCHEMA}.job WHERE name = 'spin-prepare' AND singleton_key = $1 AND state = 'created'`,
        [`preset:${preset}`],
      );
      expect(waiting.map((j) => j.data.presetId)).toEqual([preset]);
      // Run now (it waits a few seconds for the saves to settle): the version current now, at low priority.
      const version = (await s.db.one<{ version: number }>('SELECT version FROM product_presets WHERE id = $1', [preset]))!
        .version;
      const out = (await spinPrepareJob(s.app.services)({
        data: { productId: w.acmeProduct, presetId: preset },
      } as unknown as Job)) as { frameSetId: number };
      const set = (await s.db.one<{ stamp: string }>('SELECT stamp FROM frame_sets WHERE id = $1', [out.frameSetId]))!;
      expect(set.stamp.startsWith(`v${version};`)).toBe(true);
      const render = await s.db.one<{ priority: number }>(
        `SELECT priority FROM ${JOB_SCHEMA}.job WHERE name = 'frame-set' AND data->>'frameSetId' = $1`,
        [String(out.frameSetId)],
      );
      expect(render!.priority).toBe(PREPARED);
      // Drawn with no shopper asking; a first visit then finds it ready.
      await expect
        .poll(
          async () =>
            (await s.db.one<{ status: string }>('SELECT status FROM frame_sets WHERE id = $1', [out.frameSetId]))!.status,
          {
            timeout: 240_000,
            interval: 500,
          },
        )
        .toBe('ready');
      expect((await spin(48)).body.status).toBe('ready');
      await s.db.query(`DELETE FROM ${JOB_SCHEMA}.job WHERE name = 'spin-prepare'`);

      // A working process's start queues every 360 preset that has no set yet, once each.
      const sent: [string, { presetId: number }, { singletonKey: string }][] = [];
      const jobs = { send: async (...a: (typeof sent)[number]) => void sent.push(a) } as unknown as JobQueue;
      const n = await prepareUnprepared(s.db, jobs);
      const bare = await s.db.query<{ id: number }>(
        "SELECT id FROM product_presets p WHERE section = '360' AND NOT EXISTS (SELECT 1 FROM frame_sets f WHERE f.preset_id = p.id) ORDER BY id",
      );
      expect(n).toBe(bare.length);
      expect(sent.map(([q, d, o]) => [q, d.presetId, o.singletonKey])).toEqual(
        bare.map((b) => ['spin-prepare', b.id, `preset:${b.id}`]),
      );
      expect(bare.map((b) => b.id)).not.toContain(preset);
    },
  );
});
