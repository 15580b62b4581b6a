// The batch's zip, built beside the frames. Every entry is added up front as a promise of its bytes and
// jszip stores each one as soon as its frame arrives, so once the last frame is encoded only that frame
// and the central directory are left to write.
// STORE: PNG and JPEG are already compressed (deflate saves under 3 % at 5-10x the time).
import JSZip from 'jszip';
import type { ImageType, RenderInput } from '../render/compose.ts';
import { formatIsoDay } from '../ui/format.ts';

const safe = (s: string): string => s.trim().replace(/[\\/:*?"<>|\s]+/g, '-') || 'images';
const ext = (t: ImageType | undefined): string => (t === 'image/jpeg' ? 'jpg' : 'png');

/** `<SKU>_<YYYY-MM-DD>.zip` (specs 03 §4), in local time. */
export const zipName = (sku: string, date = new Date()): string => `${safe(sku)}_${formatIsoDay(date)}.zip`;
export const entryName = (sku: string, index: number, input: RenderInput): string =>
  input.name ?? `${safe(sku)}_${String(index + 1).padStart(2, '0')}.${ext(input.type)}`;

interface Slot {
  resolve(bytes: Promise<ArrayBuffer>): void;
  reject(reason: unknown): void;
}

export interface OpenZip {
  /** The bytes of entry `index`; entries may arrive in any order. */
  put(index: number, blob: Blob): void;
  /** Give up: the zip rejects and nothing more is read. */
  abort(reason: unknown): void;
  /** The whole archive, once every entry has arrived. */
  done: Promise<Blob>;
}

export function openZip(names: string[]): OpenZip {
  const zip = new JSZip();
  const slots: Slot[] = names.map((name) => {
    let slot!: Slot;
    // ArrayBuffer, not Blob: jszip reads Blobs with FileReader, which Node lacks (the worker tests run there).
    const bytes = new Promise<ArrayBuffer>((resolve, reject) => (slot = { resolve, reject }));
    zip.file(name, bytes, { binary: true, compression: 'STORE' });
    return slot;
  });
  const done = zip.generateAsync({ type: 'blob', compression: 'STORE', mimeType: 'application/zip' });
  done.catch(() => undefined); // the caller awaits it; an abort must not surface as unhandled
  return {
    put: (index, blob) => slots[index]!.resolve(blob.arrayBuffer()),
    abort: (reason) => slots.forEach((s) => s.reject(reason)),
    done,
  };
}
