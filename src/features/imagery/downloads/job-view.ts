// How an export job reads in the Downloads panel: queued, rendering n of m, ready (until it expires),
// failed with its reason. Pure, so unit-tested.
import { upscaleText } from '../../../api/contract/rules/retailer.ts';
import type { ExportJob } from '../../../api/exports.ts';
import type { BadgeTone } from '../../../ui/Badge.tsx';
import { formatDateTime } from '../../../ui/format.ts';

/** How often the panel reads again while a job is queued or rendering. */
export const POLL_MS = 2000;

export const underWay = (j: Pick<ExportJob, 'status'>) => j.status === 'queued' || j.status === 'rendering';

export function jobLine(j: ExportJob, now = Date.now()): { status: string; tone: BadgeTone; detail: string } {
  switch (j.status) {
    case 'queued':
      return { status: 'Queued', tone: 'neutral', detail: 'Waiting for a free renderer.' };
    case 'rendering':
      return { status: 'Rendering', tone: 'info', detail: `Rendering ${j.progress} of ${j.total}` };
    case 'ready': {
      const expired = !!j.expires_at && new Date(j.expires_at).getTime() <= now;
      return expired
        ? { status: 'Expired', tone: 'neutral', detail: 'The link has expired. Send to email again for a new one.' }
        : {
            status: 'Ready',
            tone: 'success',
            detail: j.expires_at ? `The link works until ${formatDateTime(j.expires_at)}.` : '',
          };
    }
    case 'failed':
      return { status: 'Failed', tone: 'danger', detail: j.reason || 'The export failed.' };
  }
}

/** A ready export whose files were drawn larger than the product's layers: its badge and why. */
export function upscaleNote(j: Pick<ExportJob, 'status' | 'upscale'>): { badge: string; detail: string } | undefined {
  if (j.status !== 'ready' || j.upscale === null) return undefined;
  return {
    badge: upscaleText(j.upscale),
    detail: "Some files are drawn larger than the product's layers and may look soft (compliance.csv says which).",
  };
}
