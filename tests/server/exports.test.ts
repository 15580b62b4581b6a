// Issue 14: a retailer export end to end on the test's database (PGlite; PostgreSQL in server-pg),
// worked in this process: enqueue, the mail in the mail folder, its link, the zip, every file read back.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportWords } from '../../src/api/contract/rules/export.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call } from '../support/http.ts';
import { sweepExports } from '../../server/jobs/export-job.ts';
import type { Services } from '../../server/services.ts';
import { world, type World } from './imagery.fixtures.ts';
import {
  addRetailer,
  expectCompliant,
  mailWith,
  mailsWith,
  waitForExport,
  working,
  zipFromMail,
  type RetailerSpec,
} from './exports.fixtures.ts';

let s: TestServer;
let w: World;
let preset360: number;
let presetSilo: number;
const q = () => ({ id_product: w.acmeProduct, id_customer: w.acme });
beforeAll(async () => {
  s = await startTestServer(working());
  w = await world(s);
  const first = async (section: string) =>
    (await s.db.one<{ id: number }>('SELECT min(id) AS id FROM product_presets WHERE product_id = $1 AND section = $2', [
      w.acmeProduct,
      section,
    ]))!.id;
  preset360 = await first('360');
  presetSilo = await first('silo');
});
afterAll(async () => {
  await s.close();
});

const enqueue = (body: Record<string, unknown>, token = w.tok.acme) =>
  call(s, 'POST', '/posts/product/automation/enqueue/download', { token, body: { ...q(), ...body } });

describe('a retailer export', () => {
  it('renders every frame at the spec, names them by the pattern, checks them, zips and mails a link that works', async () => {
    const spec: RetailerSpec = {
      retailer: 'Test PNG 16',
      file_type: 'png',
      width: 320,
      height: 240,
      dpi: 150,
      color_depth: 48,
      file_size: 2,
      images_per_row: 12,
      file_name: 'T_<note>_<frame_num3>.<ext>',
    };
    const retailer = await addRetailer(s, w.tok.staff, spec);
    const r = await enqueue({ id_product_config: preset360, retailer, note: 'Blue Sofa' });
    expect(r.status).toBe(200);
    expect(r.body.message).toMatch(/e-mail/);
    expect(r.body.export).toMatchObject({
      retailer_id: retailer,
      retailer: spec.retailer,
      status: 'queued',
      total: 12,
      url: null,
    });
    const done = await waitForExport(s, w.tok.acme, q(), r.body.export.id);
    expect(done).toMatchObject({ status: 'ready', progress: 12, reason: null });
    expect(done.url).toMatch(/\/gets\/export\/download\?token=/);
    const mail = await mailWith(s, 'Test PNG 16');
    expect(mail).toContain('manager@acme.test');
    const { zip } = await zipFromMail(s, mail);
    const names = Array.from({ length: 12 }, (_, i) => `T_Blue-Sofa_${String(i + 1).padStart(3, '0')}.png`);
    await expectCompliant(zip, spec, names);
  });

  it('JPEG: the size search keeps every file under the limit; 4K Images of a silo preset is one 3840 px file', async () => {
    const hd: RetailerSpec = {
      retailer: 'Tiny JPEG',
      file_type: 'jpg',
      width: 800,
      height: 800,
      dpi: 96,
      color_depth: 24,
      file_size: 0.03,
      images_per_row: 12,
      file_name: 'TJ_<frame_num4>.<ext>',
    };
    const retailer = await addRetailer(s, w.tok.staff, hd);
    const a = await enqueue({ id_product_config: preset360, retailer });
    const b = await enqueue({ id_product_config: presetSilo });
    expect(b.body.export).toMatchObject({ retailer_id: 0, retailer: '4K Images', total: 1 });
    expect((await waitForExport(s, w.tok.acme, q(), a.body.export.id)).status).toBe('ready');
    const { zip } = await zipFromMail(s, await mailWith(s, 'Tiny JPEG'));
    await expectCompliant(
      zip,
      hd,
      Array.from({ length: 12 }, (_, i) => `TJ_${String(i + 1).padStart(4, '0')}.jpg`),
    );
    expect((await waitForExport(s, w.tok.acme, q(), b.body.export.id)).status).toBe('ready');
    const four = await zipFromMail(s, await mailWith(s, '4K Images'));
    await expectCompliant(
      four.zip,
      {
        retailer: '4K Images',
        file_type: 'jpg',
        width: 3840,
        height: 3840,
        dpi: 300,
        color_depth: 24,
        file_size: 20,
        images_per_row: 12,
        file_name: '',
      },
      ['4K_01.jpg'],
    );
  });

  it('a 48-frame set holds 48 distinct pictures, the demo drawing 48 views (issue 43)', async () => {
    const spec: RetailerSpec = {
      retailer: 'Forty-eight',
      file_type: 'jpg',
      width: 160,
      height: 160,
      dpi: 72,
      color_depth: 24,
      file_size: 1,
      images_per_row: 48,
      file_name: 'F_<frame_num2>.<ext>',
    };
    const retailer = await addRetailer(s, w.tok.staff, spec);
    const r = await enqueue({ id_product_config: preset360, retailer });
    expect((await waitForExport(s, w.tok.acme, q(), r.body.export.id, 120_000)).status).toBe('ready');
    const { zip } = await zipFromMail(s, await mailWith(s, 'Forty-eight'));
    const frames = Object.keys(zip.files).filter((n) => n.endsWith('.jpg'));
    expect(frames).toHaveLength(48);
    const digests = await Promise.all(
      frames.map(async (n) =>
        createHash('md5')
          .update(await zip.file(n)!.async('nodebuffer'))
          .digest('hex'),
      ),
    );
    expect(new Set(digests).size).toBe(48);
  }, 180_000);

  it('a 360 set asking for more frames than the studio delivered views fails the compliance check, counted before drawing', async () => {
    // As a studio's delivery of 24 views: every other demo angle removed.
    await s.db.query("DELETE FROM product_layers WHERE product_id = $1 AND section = '360' AND angle % 15 <> 0", [w.acmeProduct]);
    const retailer = await addRetailer(s, w.tok.staff, {
      retailer: 'Short of views',
      file_type: 'jpg',
      width: 160,
      height: 160,
      dpi: 72,
      color_depth: 24,
      file_size: 1,
      images_per_row: 48,
      file_name: 'S_<frame_num2>.<ext>',
    });
    const r = await enqueue({ id_product_config: preset360, retailer });
    const failed = await waitForExport(s, w.tok.acme, q(), r.body.export.id);
    expect(failed).toMatchObject({ status: 'failed', progress: 0 });
    expect(failed.reason).toBe(exportWords.tooFewViews(24, 48));
    expect(mailsWith(s, 'Short of views')).toHaveLength(0);
  });

  it('a spec that cannot be met fails clearly, is never mailed, and can be retried', async () => {
    const retailer = await addRetailer(s, w.tok.staff, {
      retailer: 'Impossible',
      file_type: 'png',
      width: 2000,
      height: 2000,
      dpi: 72,
      color_depth: 48,
      file_size: 0.001,
      images_per_row: 12,
      file_name: 'X_<frame_num2>.<ext>',
    });
    const r = await enqueue({ id_product_config: preset360, retailer });
    const failed = await waitForExport(s, w.tok.acme, q(), r.body.export.id);
    expect(failed.status).toBe('failed');
    expect(failed.reason).toMatch(/PNG frames of 2000x2000 px take .* over the 0.001 MB limit/);
    expect(failed.url).toBeNull();
    expect(mailsWith(s, 'Impossible')).toHaveLength(0);
    const again = await call(s, 'POST', '/posts/product/automation/exports/retry', {
      token: w.tok.acme,
      body: { id: r.body.export.id, id_customer: w.acme },
    });
    expect(again.status).toBe(200);
    expect(again.body.export.status).toBe('queued');
    expect((await waitForExport(s, w.tok.acme, q(), r.body.export.id)).status).toBe('failed');
    const jpeg32 = await addRetailer(s, w.tok.staff, {
      retailer: 'JPEG alpha',
      file_type: 'jpg',
      width: 100,
      height: 100,
      dpi: 72,
      color_depth: 32,
      file_size: 1,
      images_per_row: 12,
      file_name: 'J_<frame_num2>.<ext>',
    });
    const j = await enqueue({ id_product_config: presetSilo, retailer: jpeg32 });
    expect((await waitForExport(s, w.tok.acme, q(), j.body.export.id)).reason).toMatch(/JPEG has no transparency/);
  });
});

describe('the mail of a ready export', () => {
  it('is sent by the sweep when the process that claimed it died before sending, once, and not while the claim is fresh', async () => {
    const retailer = await addRetailer(s, w.tok.staff, {
      retailer: 'Mail window',
      file_type: 'png',
      width: 120,
      height: 120,
      dpi: 72,
      color_depth: 24,
      file_size: 1,
      images_per_row: 12,
      file_name: 'M_<frame_num2>.<ext>',
    });
    const id = (await enqueue({ id_product_config: preset360, retailer })).body.export.id;
    expect((await waitForExport(s, w.tok.acme, q(), id)).status).toBe('ready');
    await mailWith(s, 'Mail window');
    const services = (s.app as unknown as { services: Services }).services;
    // As a process killed between claiming the mail and sending it leaves the row: claimed, not sent.
    await s.db.query(`UPDATE exports SET mailed_at = NULL, mail_claimed_at = now() - interval '10 seconds' WHERE id = $1`, [id]);
    await sweepExports(services);
    expect(mailsWith(s, 'Mail window')).toHaveLength(1); // the claim may still be someone's: wait
    await s.db.query(`UPDATE exports SET mail_claimed_at = now() - interval '3 minutes' WHERE id = $1`, [id]);
    await sweepExports(services);
    expect(mailsWith(s, 'Mail window')).toHaveLength(2); // late, never lost
    await sweepExports(services);
    expect(mailsWith(s, 'Mail window')).toHaveLength(2); // and once
    const sent = await s.db.one<{ mailed_at: Date | null }>('SELECT mailed_at FROM exports WHERE id = $1', [id]);
    expect(sent!.mailed_at).not.toBeNull();
  });
});

describe('asking for exports', () => {
  it('refuses bad input, a missing note, foreign products and presets, and sections the member cannot read', async () => {
    const wayfair = (await s.db.one<{ id: number }>("SELECT id FROM retailers WHERE retailer = 'Wayfair'"))!.id;
    const note = await enqueue({ id_product_config: preset360, retailer: wayfair });
    expect(note.status).toBe(422);
    expect(note.body.message).toBe('Please fill input for Wayfair');
    expect((await enqueue({ id_product_config: preset360, retailer: 999999 })).status).toBe(422);
    expect((await enqueue({ id_product_config: 'x' })).status).toBe(422);
    expect((await enqueue({ id_product_config: preset360, retailer: -1 })).status).toBe(422);
    expect((await enqueue({ id_product_config: preset360, note: 'a\u0000b' })).status).toBe(422);
    const borPreset = (await s.db.one<{ id: number }>(
      "SELECT min(id) AS id FROM product_presets WHERE product_id = $1 AND section = '360'",
      [w.borProduct],
    ))!.id;
    expect((await enqueue({ id_product_config: borPreset })).status).toBe(404);
    const foreign = await call(s, 'POST', '/posts/product/automation/enqueue/download', {
      token: w.tok.borealis,
      body: { id_product: w.acmeProduct, id_customer: w.borealis, id_product_config: preset360 },
    });
    expect(foreign.status).toBe(404);
    expect((await enqueue({ id_product_config: preset360 }, w.tok.siloReader)).status).toBe(403);
    expect((await enqueue({ id_product_config: preset360 }, w.tok.noslug)).status).toBe(403);
    const list = await call(s, 'GET', '/gets/product/automation/exports', {
      token: w.tok.borealis,
      query: { id_product: w.acmeProduct, id_customer: w.borealis },
    });
    expect(list.status).toBe(404);
  });

  it("retry: only a failed export, only the company's own; the mailed link is 404 for a wrong token", async () => {
    const [latest] = (await call(s, 'GET', '/gets/product/automation/exports', { token: w.tok.acme, query: q() })).body.exports;
    const foreign = await call(s, 'POST', '/posts/product/automation/exports/retry', {
      token: w.tok.borealis,
      body: { id: latest.id, id_customer: w.borealis },
    });
    expect(foreign.status).toBe(404);
    const ready = (await call(s, 'GET', '/gets/product/automation/exports', { token: w.tok.acme, query: q() })).body.exports.find(
      (e: { status: string }) => e.status === 'ready',
    );
    const r = await call(s, 'POST', '/posts/product/automation/exports/retry', {
      token: w.tok.acme,
      body: { id: ready.id, id_customer: w.acme },
    });
    expect(r.status).toBe(409);
    expect((await call(s, 'GET', '/gets/export/download', { query: { token: 'A'.repeat(22) } })).status).toBe(404);
    expect((await call(s, 'GET', '/gets/export/download', { query: { token: 'short' } })).status).toBe(422);
  });
});
