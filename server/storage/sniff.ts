// What an upload really is, from its bytes. The name's extension must agree with them.
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { FileKind } from '../../src/api/contract/define.ts';

/** The specs' lists (document 2 §5). */
export const EXTENSIONS: Record<Exclude<FileKind, 'any'>, readonly string[]> = {
  image: ['jpg', 'jpeg', 'png'],
  productImage: ['jpg', 'jpeg', 'png', 'webp'],
  asset: ['txt', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'png', 'jpg', 'jpeg', 'csv', 'dwg', 'webp'],
};

/** The content type of each accepted extension (the OpenAPI document lists them). */
export const MIME_OF: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', pdf: 'application/pdf',
  doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  dwg: 'image/vnd.dwg', txt: 'text/plain', csv: 'text/csv',
};

// For each extension, the sniffed types its bytes may show ('text': no signature, readable text).
const BYTES_FOR: Record<string, readonly string[]> = {
  jpg: ['jpg'], jpeg: ['jpg'], png: ['png'], webp: ['webp'], pdf: ['pdf'],
  doc: ['cfb'], xls: ['cfb'], ppt: ['cfb'],
  docx: ['docx', 'zip'], xlsx: ['xlsx', 'zip'], pptx: ['pptx', 'zip'],
  dwg: ['dwg'], txt: ['text'], csv: ['text'],
};

function looksLikeText(buf: Buffer): boolean {
  const sample = buf.subarray(0, 64 * 1024);
  if (sample.includes(0)) return false;
  return !new TextDecoder('utf-8', { fatal: false }).decode(sample).includes('\uFFFD');
}

export async function sniff(buf: Buffer): Promise<{ ext: string; mime: string } | undefined> {
  // A detector that trips over hostile bytes has still not recognised them.
  const t = await fileTypeFromBuffer(buf).catch(() => undefined);
  if (t) return { ext: t.ext, mime: t.mime };
  return looksLikeText(buf) ? { ext: 'text', mime: 'text/plain' } : undefined;
}

export function extensionOf(filename: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(filename);
  return m ? m[1]!.toLowerCase() : '';
}

/** Image types Storage makes thumbnails of, so their bytes must decode on upload. */
export const DECODED = new Set(['png', 'jpg', 'webp']);
export const NOT_AN_IMAGE = 'The file is not a valid image.';
/** Larger images are refused before decoding (a small PNG can claim 60,000 x 60,000 pixels). */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** Decodes the whole image (a thumbnail's worth), so corrupt or truncated pixel data shows now. */
export async function decodes(buf: Buffer): Promise<boolean> {
  try {
    await sharp(buf, { limitInputPixels: MAX_IMAGE_PIXELS }).resize(16, 16, { fit: 'inside' }).toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Returns the extension to store under, or a message saying why the file is refused. */
export async function checkUpload(kind: FileKind, filename: string, buf: Buffer): Promise<{ ext: string } | { error: string }> {
  if (buf.length === 0) return { error: 'The file is empty.' };
  const sniffed = await sniff(buf);
  if (kind === 'any') {
    const ext = sniffed ? (sniffed.ext === 'text' ? 'txt' : sniffed.ext) : 'bin';
    return { ext };
  }
  const ext = extensionOf(filename);
  const allowed = EXTENSIONS[kind];
  if (!allowed.includes(ext)) return { error: `The file must be a file of type: ${allowed.join(', ')}.` };
  const stored = ext === 'jpeg' ? 'jpg' : ext;
  const matches = !!sniffed && BYTES_FOR[ext]!.includes(sniffed.ext);
  const otherType = !!sniffed && sniffed.ext !== 'text' && !matches;
  if (otherType || (!matches && !DECODED.has(stored))) return { error: `The file content does not match its .${ext} extension.` };
  // Checked here, before anything is written: an image name over unreadable bytes is not an image.
  if (DECODED.has(stored) && !(matches && (await decodes(buf)))) return { error: NOT_AN_IMAGE };
  return { ext: stored };
}
