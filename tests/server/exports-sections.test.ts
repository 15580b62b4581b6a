// Issue 27: queued exports of vignette and silo through the same job as 360 (mail, zip, compliance),
// honest compliance (each file's source; UPSCALED ×f a warning, or a FAIL for a retailer that forbids
// upscaling), and ordering an export needs the section's editor permission. The product's layers are
// replaced by small ones here, so the factors do not depend on the demo's layer size.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedPreset } from '../../server/domain/render-inputs.ts';
import type { Services } from '../../server/services.ts';
import { productScale, type RenderPreset } from '../../src/render/layout.ts';
import { call } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
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
const LAYER = { width: 200, height: 240 };
const presets: Record<'silo' | 'vignette', { id: number; preset: RenderPreset }> = {} as never;
const q = () => ({ id_product: w.acmeProduct, id_customer: w.acme });
const enqueue = (body: Record<string, unknown>, token = w.tok.acme) =>
  call(s, 'POST', '/posts/product/automation/enqueue/download', { token, body: { ...q(), ...body } });
const spec = (retailer: string, o: Partial<RetailerSpec> = {}): RetailerSpec => ({
  retailer,
  file_type: 'png',
  width: 100,
  height: 100,
  dpi: 72,
  color_depth: 24,
  file_size: 2,
  images_per_row: 12,
  file_name: `${retailer.replace(/\W/g, '')}_<frame_num2>.<ext>`,
  ...o,
});
/** compliance.csv as rows of named cells (no cell of ours holds a comma). */
const csvRows = async (zip: Awaited<ReturnType<typeof zipFromMail>>['zip']) => {
  const [head, ...lines] = (await zip.file('compliance.csv')!.async('string')).trim().split('\n');
  const names = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i], v])));
};

beforeAll(async () => {
  s = await startTestServer(working());
  w = await world(s);
  const services = (s.app as unknown as { services: Services }).services;
  const layer = (colour: string) =>
    sharp({ create: { ...LAYER, channels: 4, background: colour } })
      .png()
      .toBuffer();
  for (const section of ['silo', 'vignette'] as const) {
    const dir = `products/test-layers/${section}`;
    for (const [name, colour] of [
      ['beauty', '#a36b3c'],
      ['shadow', '#0004'],
      ['reflection', '#fff3'],
    ] as const) {
      await services.storage.write(`${dir}/${name}.png`, await layer(colour));
    }
    await s.db.query(
      `UPDATE product_layers SET beauty = $3, shadow = $4, reflection = $5, width = $6, height = $7 WHERE product_id = $1 AND section = $2`,
      [w.acmeProduct, section, `${dir}/beauty.png`, `${dir}/shadow.png`, `${dir}/reflection.png`, LAYER.width, LAYER.height],
    );
    const id = (await s.db.one<{ id: number }>(
      'SELECT min(id) AS id FROM product_presets WHERE product_id = $1 AND section = $2',
      [w.acmeProduct, section],
    ))!.id;
    presets[section] = { id, preset: (await storedPreset(s.db, w.acmeProduct, id))!.preset };
  }
});
afterAll(async () => {
  await s.close();
});

describe('vignette and silo exports through the queue', () => {
  it('a vignette export: queued, rendered at the spec, checked, zipped and mailed; the file records its source', async () => {
    const v = spec('Vignette Small', { file_type: 'jpg', width: 90, height: 90, dpi: 96 });
    const retailer = await addRetailer(s, w.tok.staff, v);
    const r = await enqueue({ id_product_config: presets.vignette.id, retailer });
    expect(r.status).toBe(200);
    expect(r.body.export).toMatchObject({ section: 'vignette', retailer: 'Vignette Small', status: 'queued', total: 1 });
    const done = await waitForExport(s, w.tok.acme, q(), r.body.export.id);
    expect(done).toMatchObject({ status: 'ready', reason: null, upscale: null });
    const mail = await mailWith(s, 'Vignette Small');
    expect(mail).toContain('manager@acme.test');
    expect(mail).not.toContain('UPSCALED');
    const { zip } = await zipFromMail(s, mail);
    await expectCompliant(zip, v, ['VignetteSmall_01.jpg']);
    const [row] = await csvRows(zip);
    const scale = productScale(presets.vignette.preset, LAYER, v);
    expect(scale).toBeLessThan(1);
    expect(row).toMatchObject({
      result: 'PASS',
      source_width: '200',
      source_height: '240',
      scale: scale.toFixed(2),
      effective_width: String(Math.round(90 / scale)),
      effective_height: String(Math.round(90 / scale)),
      warnings: '',
    });
  });

  it('a silo export larger than its layers: UPSCALED ×f, a warning (WARN) in compliance.csv, in the mail and on the job', async () => {
    const big = spec('Silo Large', { width: 480, height: 480 });
    const retailer = await addRetailer(s, w.tok.staff, big);
    const r = await enqueue({ id_product_config: presets.silo.id, retailer });
    expect(r.body.export).toMatchObject({ section: 'silo', total: 1 });
    const done = await waitForExport(s, w.tok.acme, q(), r.body.export.id);
    const factor = productScale(presets.silo.preset, LAYER, big);
    expect(factor).toBeGreaterThanOrEqual(2);
    expect(done.status).toBe('ready');
    expect(done.upscale).toBeCloseTo(factor, 4);
    const mail = await mailWith(s, 'Silo Large');
    // Quoted-printable undone (× is two bytes).
    const text = decodeURIComponent(mail.replace(/%/g, '%25').replace(/=([0-9A-F]{2})/g, '%$1'));
    expect(text).toContain(`(up to UPSCALED ×${factor.toFixed(1)}): they may look soft.`);
    const { zip } = await zipFromMail(s, mail);
    await expectCompliant(zip, big, ['SiloLarge_01.png']);
    const [row] = await csvRows(zip);
    expect(row).toMatchObject({
      result: 'WARN',
      problems: '',
      warnings: `UPSCALED ×${factor.toFixed(1)}`,
      scale: factor.toFixed(2),
    });
    expect(Number(row!.effective_width)).toBe(Math.round(480 / factor));
  });

  it('a retailer that forbids upscaling: the same export FAILs its check, is not mailed, and says why', async () => {
    const strict = { ...spec('No Upscale Home', { width: 480, height: 480 }), no_upscale: true };
    const retailer = await addRetailer(s, w.tok.staff, strict);
    const listed = (await call(s, 'GET', '/gets/retailer/list', { token: w.tok.acme })).body.data.find(
      (x: { id: number }) => x.id === retailer,
    );
    expect(listed.no_upscale).toBe(true);
    const r = await enqueue({ id_product_config: presets.silo.id, retailer });
    const failed = await waitForExport(s, w.tok.acme, q(), r.body.export.id);
    const factor = productScale(presets.silo.preset, LAYER, strict);
    expect(failed.status).toBe('failed');
    expect(failed.reason).toBe(
      `1 of 1 files failed the compliance check: NoUpscaleHome_01.png: UPSCALED ×${factor.toFixed(1)} (the retailer forbids upscaling).`,
    );
    expect(failed.url).toBeNull();
    expect(mailsWith(s, 'No Upscale Home')).toHaveLength(0);
    // A size the layers cover passes for the same retailer.
    await call(s, 'PUT', '/puts/retailer/edit', {
      token: w.tok.staff,
      body: { ...strict, id: retailer, width: 100, height: 100 },
    });
    const ok = await enqueue({ id_product_config: presets.silo.id, retailer });
    expect((await waitForExport(s, w.tok.acme, q(), ok.body.export.id)).status).toBe('ready');
  });
});

describe('ordering an export needs the section editor permission', () => {
  it('a reader is refused (403) on export and retry, and still sees the jobs of the sections it reads', async () => {
    for (const section of ['vignette', 'silo'] as const) {
      const r = await enqueue({ id_product_config: presets[section].id }, w.tok.viewer);
      expect(r.status).toBe(403);
      expect(r.body.success).toBe(false);
    }
    const failed = (await s.db.one<{ id: number }>("SELECT id FROM exports WHERE status = 'failed' AND product_id = $1", [
      w.acmeProduct,
    ]))!.id;
    const retry = await call(s, 'POST', '/posts/product/automation/exports/retry', {
      token: w.tok.viewer,
      body: { id: failed, id_customer: w.acme },
    });
    expect(retry.status).toBe(403);
    const list = await call(s, 'GET', '/gets/product/automation/exports', { token: w.tok.viewer, query: q() });
    expect(list.status).toBe(200);
    expect(new Set(list.body.exports.map((e: { section: string }) => e.section))).toEqual(new Set(['vignette', 'silo']));
    // A silo reader sees the silo jobs only.
    const silo = await call(s, 'GET', '/gets/product/automation/exports', { token: w.tok.siloReader, query: q() });
    expect(silo.body.exports.map((e: { section: string }) => e.section)).toEqual(expect.arrayContaining(['silo']));
    expect(silo.body.exports.every((e: { section: string }) => e.section === 'silo')).toBe(true);
  });

  it('the role editor lists ordering downloads under each automated section', async () => {
    const r = await call(s, 'GET', '/customer/roles', { token: w.tok.acme, query: { id_customer: w.acme } });
    expect(r.status).toBe(200);
    const privileges = r.body.roles[0].privileges as { slug: string; section: string; description: string }[];
    for (const [slug, section] of [
      ['editor-vignette-access', 'Vignette'],
      ['editor-silo-access', 'Silo'],
      ['editor-360-access', '360'],
    ]) {
      const p = privileges.find((x) => x.slug === slug)!;
      expect(p.section).toBe(section);
      expect(p.description).toContain('order retailer downloads (Send to email)');
    }
    for (const slug of ['reader-vignette-access', 'reader-silo-access', 'reader-360-access']) {
      expect(privileges.find((x) => x.slug === slug)!.description).not.toContain('order');
    }
  });
});
