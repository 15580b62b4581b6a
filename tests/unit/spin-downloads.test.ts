// The 360 Download Options' checks (document 3 §5, §8; issue 14) and how an export job reads in the
// Downloads panel.
import { describe, expect, it } from 'vitest';
import { checkDownload, FOUR_K, needsNote, targetsOf } from '../../src/features/imagery/downloads/download-rules.ts';
import { jobLine, underWay } from '../../src/features/imagery/downloads/job-view.ts';
import type { ExportJob } from '../../src/api/exports.ts';

const amazon = { id: 3, retailer: 'Amazon', file_name: '<note>_<frame_num2>.<ext>' };
const wayfair = { id: 5, retailer: 'Wayfair', file_name: 'WF_<frame_num3>.<ext>' };
const targets = targetsOf([amazon, wayfair]);

describe('download options', () => {
  it("puts the fixed '4K Images' (id 0, no note) first", () => {
    expect(targets.map((t) => t.id)).toEqual([0, 3, 5]);
    expect(FOUR_K.retailer).toBe('4K Images');
    expect(needsNote(FOUR_K)).toBe(false);
  });
  it('asks for a note where the file name holds <note>', () => {
    expect(needsNote(amazon)).toBe(true);
    expect(needsNote(wayfair)).toBe(false);
    expect(needsNote({ file_name: 'X_<NOTE>' })).toBe(true);
  });
  it("needs a saved preset first: 'Please select or create a preset.'", () => {
    expect(checkDownload(undefined, targets, new Set([0]), {})).toEqual({ ok: false, message: 'Please select or create a preset.' });
  });
  it("needs a note for every chosen retailer that asks for one: 'Please fill input for' + its name", () => {
    expect(checkDownload(7, targets, new Set([0, 3]), { 3: '  ' })).toEqual({ ok: false, message: 'Please fill input for Amazon', field: 3 });
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

describe('export job lines', () => {
  const job = (o: Partial<ExportJob>): ExportJob => ({
    id: 1, id_product_config: 7, section: '360', retailer_id: 3, retailer: 'Amazon', note: null, status: 'queued', progress: 0, total: 24,
    reason: null, url: null, bytes: null, created_at: '2026-11-23T08:00:00Z', updated_at: '2026-11-23T08:00:00Z', expires_at: null, ...o,
  });
  it('reads queued, rendering n of m, ready and failed with its reason', () => {
    expect(jobLine(job({})).status).toBe('Queued');
    expect(jobLine(job({ status: 'rendering', progress: 7 })).detail).toBe('Rendering 7 of 24');
    expect(jobLine(job({ status: 'ready', url: '/x.zip', expires_at: '2026-11-30T08:00:00Z' }), Date.parse('2026-11-23T09:00:00Z')).status).toBe('Ready');
    expect(jobLine(job({ status: 'failed', reason: 'PNG cannot fit 1 MB' })).detail).toBe('PNG cannot fit 1 MB');
  });
  it('calls a ready link past its expiry expired', () => {
    expect(jobLine(job({ status: 'ready', expires_at: '2026-11-23T08:00:00Z' }), Date.parse('2026-11-24T00:00:00Z')).status).toBe('Expired');
  });
  it('polls only while a job is queued or rendering', () => {
    expect(['queued', 'rendering', 'ready', 'failed'].map((status) => underWay({ status: status as ExportJob['status'] }))).toEqual([true, true, false, false]);
  });
});
