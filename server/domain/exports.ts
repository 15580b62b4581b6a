// Queued retailer exports (issue 14): asking for one, the Downloads panel's list, retry, and the mailed
// link. The preset and the retailer's spec are copied onto the row when asked, so the job renders what
// was asked even if either changes meanwhile. The row and its pg-boss job are one transaction.
import { randomBytes } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { ExportJob } from '../../src/api/contract/exports.ts';
import { readOf, writeOf } from '../../src/api/contract/slugs.ts';
import type { Auth } from '../auth/guard.ts';
import type { Db } from '../db/index.ts';
import { ApiError, fieldError, forbidden, notFound } from '../http/errors.ts';
import { QUEUES } from '../jobs/queue.ts';
import type { ColourDepth } from '../render/encode.ts';
import type { Services } from '../services.ts';
import { exportWords, needsNote } from '../../src/api/contract/rules/export.ts';
import { FOUR_K_SPEC, type ExportSpec } from './export-names.ts';
import { iso } from './products.ts';
import { storedPreset, viewLayers } from './render-inputs.ts';

export type ExportJobOut = Static<typeof ExportJob>;

export interface ExportRow {
  id: number;
  customer_id: number;
  product_id: number;
  preset_id: number | null;
  preset_version: number;
  section: 'silo' | 'vignette' | '360';
  preset: unknown;
  retailer_id: number;
  spec: ExportSpec;
  note: string | null;
  status: 'queued' | 'rendering' | 'ready' | 'failed';
  progress: number;
  total: number;
  attempts: number;
  token: string;
  path: string | null;
  bytes: number | null;
  /** The largest upscale factor of its files (ready only), null when none was upscaled. */
  upscale: number | null;
  reason: string | null;
  email: string;
  mailed_at: Date | string | null;
  mail_claimed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  expires_at: Date | string | null;
}

/** The mailed link (absolute), or the portal's own address of it. */
export const downloadLink = (s: Pick<Services, 'config'>, token: string, absolute = true) =>
  `${absolute ? s.config.publicUrl.replace(/\/$/, '') : ''}${s.config.apiPrefix}/gets/export/download?token=${token}`;

const live = (r: ExportRow) => r.status === 'ready' && r.expires_at !== null && new Date(r.expires_at).getTime() > Date.now();

export function jobOut(s: Pick<Services, 'config'>, r: ExportRow): ExportJobOut {
  return {
    id: r.id,
    id_product_config: r.preset_id,
    section: r.section,
    retailer_id: r.retailer_id,
    retailer: r.spec.retailer,
    note: r.note,
    status: r.status,
    progress: r.progress,
    total: r.total,
    reason: r.reason,
    url: live(r) ? downloadLink(s, r.token, false) : null,
    bytes: r.bytes === null ? null : Number(r.bytes),
    upscale: r.upscale === null || r.upscale === undefined ? null : Number(r.upscale),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    expires_at: r.expires_at === null ? null : iso(r.expires_at),
  };
}

interface RetailerRow {
  retailer: string;
  file_type: 'png' | 'jpg';
  width: number;
  height: number;
  dpi: number;
  color_depth: number;
  file_size: number | string;
  images_per_row: number;
  file_name: string;
  no_upscale: boolean;
}

/** The spec an export renders: the retailer's (360 frames: its images per row; silo and vignette: one), or 4K Images. */
async function specOf(db: Db, retailerId: number, section: ExportRow['section']): Promise<ExportSpec> {
  if (retailerId === 0) return { ...FOUR_K_SPEC, frames: section === '360' ? FOUR_K_SPEC.frames : 1 };
  const r = await db.one<RetailerRow>('SELECT * FROM retailers WHERE id = $1', [retailerId]);
  if (!r) throw fieldError('retailer', 'The selected retailer does not exist.');
  return {
    retailer: r.retailer,
    file_type: r.file_type,
    width: r.width,
    height: r.height,
    dpi: r.dpi,
    color_depth: r.color_depth as ColourDepth,
    file_size: Number(r.file_size),
    file_name: r.file_name,
    frames: section === '360' ? r.images_per_row : 1,
    no_upscale: r.no_upscale,
  };
}

export interface EnqueueAsk {
  productId: number;
  customerId: number;
  presetId: number;
  retailerId: number;
  note?: string;
}

/** Checks the ask, then writes the row and queues its job together. */
export async function enqueueExport(s: Services, auth: Auth, ask: EnqueueAsk): Promise<ExportRow> {
  const stored = await storedPreset(s.db, ask.productId, ask.presetId);
  if (!stored) throw notFound('Preset');
  // Ordering an export needs the section's editor permission (issue 27), not only reading it.
  if (!auth.isStaff && !writeOf(stored.section).some((slug) => auth.slugs.has(slug))) throw forbidden();
  const spec = await specOf(s.db, ask.retailerId, stored.section);
  const note = ask.note?.trim() || null;
  if (needsNote(spec.file_name) && !note) throw fieldError('note', exportWords.noteMissing(spec.retailer));
  if (!(await viewLayers(s.db, ask.productId, stored.section)).length) {
    throw fieldError('id_product_config', 'This product has no renders for this section yet.');
  }
  await s.jobs.ready();
  return s.db.tx(async (t) => {
    const row = (await t.one<ExportRow>(
      `INSERT INTO exports (customer_id, product_id, preset_id, preset_version, section, preset, retailer_id, spec, note, total, token, email, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
      [
        ask.customerId,
        ask.productId,
        ask.presetId,
        stored.version,
        stored.section,
        JSON.stringify(stored.preset),
        ask.retailerId,
        JSON.stringify(spec),
        note,
        spec.frames,
        randomBytes(16).toString('base64url'),
        auth.user.email,
        auth.user.id,
      ],
    ))!;
    const jobId = await s.jobs.send(QUEUES.export, { exportId: row.id }, { db: t });
    await t.query('UPDATE exports SET job_id = $2 WHERE id = $1', [row.id, jobId]);
    return { ...row, job_id: jobId };
  });
}

/** The product's exports of the sections the member reads (staff: all). */
export function productExports(db: Db, auth: Auth, productId: number) {
  const sections = (['silo', 'vignette', '360'] as const).filter(
    (x) => auth.isStaff || readOf(x).some((slug) => auth.slugs.has(slug)),
  );
  return db.query<ExportRow>('SELECT * FROM exports WHERE product_id = $1 AND section = ANY($2) ORDER BY id DESC LIMIT 100', [
    productId,
    sections,
  ]);
}

/** A failed export queued again as it was asked (the guard has checked its company). */
export async function retryExport(s: Services, auth: Auth, id: number): Promise<ExportRow> {
  const row = await s.db.one<ExportRow>('SELECT * FROM exports WHERE id = $1', [id]);
  if (!row) throw notFound('Export');
  if (!auth.isStaff && !writeOf(row.section).some((slug) => auth.slugs.has(slug))) throw forbidden();
  if (row.status !== 'failed') throw new ApiError(409, 'Only a failed export can be retried.');
  await s.jobs.ready();
  return s.db.tx(async (t) => {
    const again = await t.one<ExportRow>(
      `UPDATE exports SET status = 'queued', progress = 0, reason = NULL, attempts = attempts + 1, updated_at = date_trunc('milliseconds', now())
        WHERE id = $1 AND status = 'failed' RETURNING *`,
      [id],
    );
    if (!again) throw new ApiError(409, 'Only a failed export can be retried.');
    const jobId = await s.jobs.send(QUEUES.export, { exportId: id }, { db: t });
    await t.query('UPDATE exports SET job_id = $2 WHERE id = $1', [id, jobId]);
    return again;
  });
}

/** The zip behind a mailed link while it works; undefined once expired (or never made). */
export const liveExport = (db: Db, token: string) =>
  db.one<ExportRow>(`SELECT * FROM exports WHERE token = $1 AND status = 'ready' AND expires_at > now() AND path IS NOT NULL`, [
    token,
  ]);
