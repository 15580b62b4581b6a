// The 360 Download Options' rules (document 3 §2, §5, §8; issue 14): one toggle per retailer plus the
// fixed '4K Images' (id 0, no note); a note for retailers whose file_name holds `<note>`; checked in
// the specs' order before anything is sent. Pure, so unit-tested.

export const FOUR_K = { id: 0, retailer: '4K Images', file_name: '' } as const;
export const NEED_PRESET = 'Please select or create a preset.';
export const FILL_INPUT = 'Please fill input for';
export const ENQUEUE_FAILED = 'Error requesting download automation.';

export interface DownloadTarget {
  id: number;
  retailer: string;
  file_name: string;
}

/** Whether the retailer's file-name pattern asks for a note (the `<note>` token). */
export const needsNote = (t: Pick<DownloadTarget, 'file_name'>) => t.file_name.toLowerCase().includes('<note>');

/** '4K Images' first, then the retailers as listed. */
export const targetsOf = (retailers: readonly DownloadTarget[]): DownloadTarget[] => [FOUR_K, ...retailers.filter((r) => r.id !== FOUR_K.id)];

export interface DownloadRequest {
  retailer: number;
  note?: string;
}

export type DownloadCheck = { ok: true; requests: DownloadRequest[] } | { ok: false; message: string; field?: number };

/**
 * The requests to queue (one per chosen option), or the first message of §5: a saved preset first,
 * then a note for every chosen retailer that needs one ('Please fill input for' + its name).
 */
export function checkDownload(presetId: number | undefined, targets: readonly DownloadTarget[], chosen: ReadonlySet<number>, notes: Readonly<Record<number, string>>): DownloadCheck {
  if (presetId === undefined) return { ok: false, message: NEED_PRESET };
  const picked = targets.filter((t) => chosen.has(t.id));
  if (!picked.length) return { ok: false, message: 'Choose at least one download option.' };
  for (const t of picked) if (needsNote(t) && !notes[t.id]?.trim()) return { ok: false, message: `${FILL_INPUT} ${t.retailer}`, field: t.id };
  return { ok: true, requests: picked.map((t) => (needsNote(t) ? { retailer: t.id, note: notes[t.id]!.trim() } : { retailer: t.id })) };
}
