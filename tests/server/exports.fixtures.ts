// Shared by the export tests (PGlite in-process, PostgreSQL with worker processes): a server that works
// jobs, retailers made for the test, and the path from a request to the mailed zip, read back by sharp.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import sharp from 'sharp';
import { expect } from 'vitest';
import { loadConfig, type Config } from '../../server/config.ts';
import { call } from '../support/http.ts';
import type { TestServer } from '../support/server.ts';

/** Jobs worked in this process, looked after every second (expired jobs found quickly). */
export const working = (over: Partial<Config['jobs']> = {}): Partial<Config> => ({
  jobs: { ...loadConfig({}).jobs, inProcess: true, superviseSeconds: 1, spinWidths: [320, 640], ...over },
});

export interface RetailerSpec {
  retailer: string;
  file_type: 'png' | 'jpg';
  width: number;
  height: number;
  dpi: number;
  color_depth: 8 | 16 | 24 | 32 | 48;
  file_size: number;
  images_per_row: 12 | 24 | 48;
  file_name: string;
  no_upscale?: boolean;
}

export async function addRetailer(s: TestServer, staff: string, spec: RetailerSpec): Promise<number> {
  const r = await call(s, 'POST', '/posts/retailer/add', { token: staff, body: spec });
  expect(r.status).toBe(200);
  return r.body.data.id as number;
}

export async function waitForExport(
  s: TestServer,
  token: string,
  q: { id_product: number; id_customer: number },
  id: number,
  ms = 60_000,
) {
  const until = Date.now() + ms;
  for (;;) {
    const list = await call(s, 'GET', '/gets/product/automation/exports', { token, query: q });
    const job = (list.body.exports as { id: number; status: string }[]).find((e) => e.id === id);
    if (job && (job.status === 'ready' || job.status === 'failed')) return job as Record<string, unknown> & { status: string };
    if (Date.now() > until) throw new Error(`export ${id} still ${job?.status} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The mails in the server's mail folder that name `text`. */
export function mailsWith(s: TestServer, text: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(s.config.mailDir);
  } catch {
    /* none yet */
  }
  return names.map((n) => readFileSync(join(s.config.mailDir, n), 'utf8').replace(/=\r?\n/g, '')).filter((m) => m.includes(text));
}

/**
 * The barrier before counting mails: no export job left to run (created, waiting for a retry, or
 * active) in pg-boss's table, whichever process works them. A job mails before it completes, so once
 * the queue is idle every mail it could send has been sent, and none can follow.
 */
export async function exportJobsIdle(s: TestServer, ms = 60_000): Promise<void> {
  await expect
    .poll(
      async () =>
        (await s.db.one<{ n: number }>(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('export', 'export-dead') AND state IN ('created', 'retry', 'active')`,
        ))!.n,
      { message: 'export jobs still to run', timeout: ms, interval: 100 },
    )
    .toBe(0);
}

/** The one mail naming `text`, once it has arrived (it goes out just after the export turns ready) and no job can send another. */
export async function mailWith(s: TestServer, text: string, ms = 10_000): Promise<string> {
  await expect
    .poll(() => mailsWith(s, text).length, { message: `no mail naming ${text}`, timeout: ms, interval: 100 })
    .toBeGreaterThan(0);
  await exportJobsIdle(s);
  const found = mailsWith(s, text);
  expect(found, `one mail naming ${text}`).toHaveLength(1);
  return found[0]!;
}

/** The link in the mail (quoted-printable undone), fetched from the test server: the zip. */
export async function zipFromMail(s: TestServer, mail: string) {
  const link = /https?:\/\/\S+\/gets\/export\/download\?token=([A-Za-z0-9_-]{22})/.exec(mail.replace(/=3D/g, '='));
  expect(link, 'a download link in the mail').toBeTruthy();
  const res = await fetch(`${s.api}/gets/export/download?token=${link![1]}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  const bytes = Buffer.from(await res.arrayBuffer());
  return { token: link![1]!, zip: await JSZip.loadAsync(bytes), bytes };
}

/** Every file of the zip against the spec, as sharp (libvips) reads it, plus the JPEG/PNG density fields by hand. */
export async function expectCompliant(zip: JSZip, spec: RetailerSpec, names: string[]) {
  const entries = Object.keys(zip.files).sort();
  expect(entries).toEqual([...names, 'compliance.csv'].sort());
  const channels = spec.color_depth === 32 ? 4 : 3;
  const depth = spec.color_depth === 16 || spec.color_depth === 48 ? 'ushort' : 'uchar';
  for (const name of names) {
    const b = await zip.file(name)!.async('nodebuffer');
    const m = await sharp(b).metadata();
    expect([name, m.format, m.width, m.height, m.channels, m.depth]).toEqual([
      name,
      spec.file_type === 'jpg' ? 'jpeg' : 'png',
      spec.width,
      spec.height,
      channels,
      depth,
    ]);
    expect(b.length).toBeLessThanOrEqual(spec.file_size * 1_000_000);
    expect(writtenDpi(b)).toBe(spec.dpi);
  }
  const csv = (await zip.file('compliance.csv')!.async('string')).trim().split('\n');
  expect(csv[0]).toMatch(/^file,type,width,height,dpi,/);
  expect(csv).toHaveLength(names.length + 1);
  // WARN: compliant, with a warning (UPSCALED ×f: drawn larger than the product's layers).
  for (const line of csv.slice(1)) expect(line).toMatch(/,(PASS|WARN),/);
}

/** DPI from the PNG pHYs chunk or the JPEG JFIF header, parsed here (not by the code under test). */
function writtenDpi(b: Buffer): number | undefined {
  if (b[0] === 0x89) {
    const at = b.indexOf('pHYs', 8, 'latin1');
    return at < 0 || b[at + 12] !== 1 ? undefined : Math.round(b.readUInt32BE(at + 4) * 0.0254);
  }
  const at = b.indexOf('JFIF\0', 2, 'latin1');
  return at < 0 || b[at + 7] !== 1 ? undefined : b.readUInt16BE(at + 8);
}
