// What an upload really is, from its bytes. The name's extension must agree with them.
import { fileTypeFromBuffer } from 'file-type';
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
  const t = await fileTypeFromBuffer(buf);
  if (t) return { ext: t.ext, mime: t.mime };
  return looksLikeText(buf) ? { ext: 'text', mime: 'text/plain' } : undefined;
}

/** A USDZ is a zip whose first entry is the USD layer (a .usd, .usda or .usdc file). */
function firstZipEntry(buf: Buffer): string {
  if (buf.length < 30 || buf.readUInt32LE(0) !== 0x04034b50) return '';
  return buf.subarray(30, 30 + buf.readUInt16LE(26)).toString('latin1');
}

export function extensionOf(filename: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(filename);
  return m ? m[1]!.toLowerCase() : '';
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
  if (!sniffed || !BYTES_FOR[ext]!.includes(sniffed.ext)) {
    return { error: `The file content does not match its .${ext} extension.` };
  }
  if (ext === 'usdz' && !/\.usd[ac]?$/i.test(firstZipEntry(buf))) return { error: 'The file content does not match its .usdz extension.' };
  return { ext: ext === 'jpeg' ? 'jpg' : ext === 'tiff' ? 'tif' : ext };
}
