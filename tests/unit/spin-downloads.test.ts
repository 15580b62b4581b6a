// Download Options' checks (document 3 §5, §8; issues 14, 27), its upscale warning, and how an export
// job reads in the Downloads panel; the warning of a 360 set with fewer views than frames (issue 43).
import { describe, expect, it } from 'vitest';
import { exportWords, FOUR_K, needsNote, tooFewViews } from '../../src/api/contract/rules/export.ts';
import {
  checkDownload,
  targetsOf,
  upscalesOf,
  upscaleWarning,
  viewsWarning,
} from '../../src/features/imagery/downloads/download-rules.ts';
import { jobLine, underWay, upscaleNote } from '../../src/features/imagery/downloads/job-view.ts';
import type { ExportJob } from '../../src/api/exports.ts';

const amazon = { id: 3, retailer: 'Amazon', file_name: '<note>_<frame_num2>.<ext>', width: 1000, height: 1000 };
const wayfair = { id: 5, retailer: 'Wayfair', file_name: 'WF_<frame_num3>.<ext>', width: 480, height: 480, no_upscale: true };
const targets = targetsOf([amazon, wayfair]);

describe('download options', () => {
  it("puts the fixed '4K Images' (id 0, no note) first", () => {
    expect(targets.map((t) => t.id)).toEqual([0, 3, 5]);
    expect(FOUR_K.retailer).toBe('4K Images');
    expect(needsNote(FOUR_K.file_name)).toBe(false);
  });
  it('asks for a note where the file name holds <note>', () => {
    expect(needsNote(amazon.file_name)).toBe(true);
    expect(needsNote(wayfair.file_name)).toBe(false);
    // Tokens are exact, as the retailer's file_name rule takes them and the export fills them.
    expect(needsNote('X_<NOTE>')).toBe(false);
  });
  it("needs a saved preset first: 'Please select or create a preset.'", () => {
    expect(checkDownload(undefined, targets, new Set([0]), {})).toEqual({
      ok: false,
      message: 'Please select or create a preset.',
    });
  });
  it("needs a note for every chosen retailer that asks for one: 'Please fill input for' + its name", () => {
    expect(checkDownload(7, targets, new Set([0, 3]), { 3: '  ' })).toEqual({
      ok: false,
      message: 'Please fill input for Amazon',
      field: 3,
    });
    // A note typed for a retailer that is not chosen does not count, nor is it asked for.
    expect(checkDownload(7, targets, new Set([5]), {})).toEqual({ ok: true, requests: [{ retailer: 5 }] });
  });
  it('queues one request per chosen option, notes trimmed', () => {
    expect(checkDownload(7, targets, new Set([0, 3, 5]), { 3: ' blue ' })).toEqual({
      ok: true,
      requests: [{ retailer: 0 }, { retailer: 3, note: 'blue' }, { retailer: 5 }],
    });
  });
  it('asks for at least one option', () => expect(checkDownload(7, targets, new Set(), {}).ok).toBe(false));
});

describe('the upscale warning before ordering', () => {
  // 400 x 480 layers (the demo), silo preset at scale 0 (100 %): contained, 4K is ×8.0.
  const silo = { section: 'silo' as const, image_scale: 0 };
  const layers = [{ width: 400, height: 480 }];
  it('names each chosen size that draws the layers larger, with its factor', () => {
    expect(upscalesOf(targets, new Set([0, 3, 5]), silo, layers)).toEqual([
      { retailer: '4K Images', factor: 8, forbidden: false },
      { retailer: 'Amazon', factor: 1000 / 480, forbidden: false },
    ]);
    // Not chosen, not said; 480 x 480 from 480 px tall layers is 1:1.
    expect(upscalesOf(targets, new Set([5]), silo, layers)).toEqual([]);
  });
  it("takes the preset's scale and the largest view", () => {
    const zoomed = upscalesOf(targets, new Set([5]), { section: 'silo', image_scale: 0.5 }, [
      { width: 400, height: 480 },
      { width: 800, height: 960 },
    ]);
    expect(zoomed).toEqual([{ retailer: 'Wayfair', factor: 1.5, forbidden: true }]);
  });
  it('says which retailers and the factor; a retailer that forbids it will fail', () => {
    const w = upscaleWarning(
      [
        { retailer: '4K Images', factor: 8, forbidden: false },
        { retailer: 'Wayfair', factor: 1.5, forbidden: true },
      ],
      layers[0],
    );
    expect(w?.lines).toEqual([
      'These sizes draw the product larger than its layers (400 × 480 px), so the files may look soft: 4K Images UPSCALED ×8.0.',
      'This retailer forbids upscaling, so its export will fail the compliance check: Wayfair UPSCALED ×1.5.',
    ]);
    expect(upscaleWarning([], layers[0])).toBeUndefined();
  });
  it('says nothing without a saved preset or layer sizes', () => {
    expect(upscalesOf(targets, new Set([0]), undefined, layers)).toEqual([]);
    expect(upscalesOf(targets, new Set([0]), silo, [{}])).toEqual([]);
  });
});

describe('export job lines', () => {
  const job = (o: Partial<ExportJob>): ExportJob => ({
    id: 1,
    id_product_config: 7,
    section: '360',
    retailer_id: 3,
    retailer: 'Amazon',
    note: null,
    status: 'queued',
    progress: 0,
    total: 24,
    reason: null,
    url: null,
    bytes: null,
    upscale: null,
    created_at: '2026-11-23T08:00:00Z',
    updated_at: '2026-11-23T08:00:00Z',
    expires_at: null,
    ...o,
  });
  it('reads queued, rendering n of m, ready and failed with its reason', () => {
    expect(jobLine(job({})).status).toBe('Queued');
    expect(jobLine(job({ status: 'rendering', progress: 7 })).detail).toBe('Rendering 7 of 24');
    expect(
      jobLine(job({ status: 'ready', url: '/x.zip', expires_at: '2026-11-30T08:00:00Z' }), Date.parse('2026-11-23T09:00:00Z'))
        .status,
    ).toBe('Ready');
    expect(jobLine(job({ status: 'failed', reason: 'PNG cannot fit 1 MB' })).detail).toBe('PNG cannot fit 1 MB');
  });
  it('calls a ready link past its expiry expired', () => {
    expect(jobLine(job({ status: 'ready', expires_at: '2026-11-23T08:00:00Z' }), Date.parse('2026-11-24T00:00:00Z')).status).toBe(
      'Expired',
    );
  });
  it('a ready export with upscaled files says so', () => {
    expect(upscaleNote(job({ status: 'ready', upscale: 1.6 }))?.badge).toBe('UPSCALED ×1.6');
    expect(upscaleNote(job({ status: 'ready' }))).toBeUndefined();
    expect(upscaleNote(job({ status: 'failed', upscale: 2 }))).toBeUndefined();
  });
  it('polls only while a job is queued or rendering', () => {
    expect(
      ['queued', 'rendering', 'ready', 'failed'].map((status) => underWay({ status: status as ExportJob['status'] })),
    ).toEqual([true, true, false, false]);
  });
});

describe('too few views (issue 43)', () => {
  const overstock = {
    id: 7,
    retailer: 'Overstock',
    file_name: 'OS_<frame_num2>.<ext>',
    width: 800,
    height: 800,
    images_per_row: 48,
  };
  const all = targetsOf([overstock]);
  it('warns when a chosen 360 set asks for more frames than the studio delivered views, by the count', () => {
    const w = viewsWarning(all, new Set([0, 7]), '360', 24);
    expect(w?.title).toBe('Too few views');
    expect(w?.lines).toEqual([`Overstock: ${exportWords.tooFewViews(24, 48)} Its export will fail the compliance check.`]);
    // '4K Images' asks for 24 frames: 24 views are enough.
    expect(viewsWarning(all, new Set([0]), '360', 24)).toBeUndefined();
    expect(viewsWarning(all, new Set([7]), '360', 48)).toBeUndefined();
    expect(viewsWarning(all, new Set([7]), 'silo', 1)).toBeUndefined();
  });
  it('a set with no views at all is left to the job (no renders), never a count warning', () => {
    expect(tooFewViews(0, 48)).toBe(false);
    expect(tooFewViews(47, 48)).toBe(true);
  });
});
