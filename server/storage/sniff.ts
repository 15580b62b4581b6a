// What an upload really is, from its bytes. The name's extension must agree with them.
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { FileKind } from '../../src/api/contract/define.ts';

/** The specs' lists (document 2 §5; document 3 §5 and the terms' export formats for the imagery sections). */
export const EXTENSIONS: Record<Exclude<FileKind, 'any'>, readonly string[]> = {
  image: ['jpg', 'jpeg', 'png'],
  productImage: ['jpg', 'jpeg', 'png', 'webp'],
  // "Any image type": every type the server can decode (and so thumbnail); SVG is refused (scripts).
  anyImage: ['jpg', 'jpeg', 'png', 'webp', 'gif', 'tif', 'tiff', 'avif'],
  video: ['mp4', 'mov', 'webm'],
  model3d: ['fbx', 'obj', 'blend', 'glb', 'usdz'],
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
  gif: 'image/gif', tif: 'image/tiff', tiff: 'image/tiff', avif: 'image/avif',
  mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm',
  fbx: 'application/octet-stream', obj: 'model/obj', blend: 'application/x-blender', glb: 'model/gltf-binary', usdz: 'model/vnd.usdz+zip',
};

// For each extension, the sniffed types its bytes may show ('text': no signature, readable text).
const BYTES_FOR: Record<string, readonly string[]> = {
  jpg: ['jpg'], jpeg: ['jpg'], png: ['png'], webp: ['webp'], pdf: ['pdf'],
  doc: ['cfb'], xls: ['cfb'], ppt: ['cfb'],
  docx: ['docx', 'zip'], xlsx: ['xlsx', 'zip'], pptx: ['pptx', 'zip'],
  dwg: ['dwg'], txt: ['text'], csv: ['text'],
  gif: ['gif'], tif: ['tif'], tiff: ['tif'], avif: ['avif'],
  // QuickTime and MP4 share the ISO container; brands vary by camera.
  mp4: ['mp4', 'm4v'], mov: ['mov', 'mp4', 'm4v'], webm: ['webm'],
  // FBX and OBJ may be text; a USDZ is a zip archive.
  fbx: ['fbx', 'text'], obj: ['text'], blend: ['blend'], glb: ['glb'], usdz: ['zip', 'usdz'],
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

/** Image types Storage makes thumbnails of (in their own format), so their bytes must decode on upload. */
export const DECODED = new Set(['png', 'jpg', 'webp', 'gif', 'tif', 'avif']);

/** A USDZ is a zip whose first entry is the USD layer (a .usd, .usda or .usdc file). */
function firstZipEntry(buf: Buffer): string {
  if (buf.length < 30 || buf.readUInt32LE(0) !== 0x04034b50) return '';
  return buf.subarray(30, 30 + buf.readUInt16LE(26)).toString('latin1');
}
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
  const stored = ext === 'jpeg' ? 'jpg' : ext === 'tiff' ? 'tif' : ext;
  const matches = !!sniffed && BYTES_FOR[ext]!.includes(sniffed.ext);
  const otherType = !!sniffed && sniffed.ext !== 'text' && !matches;
  if (otherType || (!matches && !DECODED.has(stored))) return { error: `The file content does not match its .${ext} extension.` };
  // Checked here, before anything is written: an image name over unreadable bytes is not an image.
  if (DECODED.has(stored) && !(matches && (await decodes(buf)))) return { error: NOT_AN_IMAGE };
  if (ext === 'usdz' && !/\.usd[ac]?$/i.test(firstZipEntry(buf))) return { error: 'The file content does not match its .usdz extension.' };
  return { ext: stored };
}
