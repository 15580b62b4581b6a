// What an upload may be (document 2 §5; document 3 §5 and the terms' export formats), as data and one
// verdict: its type by name and by content, a decodable image within the pixel limit, and the byte
// limit. The server judges every file part with judgeUpload before anything is written; the portal
// judges a picked file with it before anything is queued (src/api/upload-check.ts), in the same words.

/**
 * image: jpg/png; productImage: + webp; anyImage: every type the server decodes; video; model3d: the
 * terms' 3D formats; glb, usdz: a review version's files; asset: a product's technical file (document 2 §5, Add products); document: an
 * asset but the images, which Info's files leave to the image sections (§5, Product info edit).
 */
export type FileKind =
  'image' | 'productImage' | 'anyImage' | 'video' | 'model3d' | 'glb' | 'usdz' | 'asset' | 'document' | 'any';

const ASSET = ['txt', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'png', 'jpg', 'jpeg', 'csv', 'dwg', 'webp'];
const PRODUCT_IMAGE = ['jpg', 'jpeg', 'png', 'webp'];

export const EXTENSIONS: Record<Exclude<FileKind, 'any'>, readonly string[]> = {
  image: ['jpg', 'jpeg', 'png'],
  productImage: PRODUCT_IMAGE,
  // "Any image type": every type the server can decode (and so thumbnail); SVG is refused (scripts).
  anyImage: ['jpg', 'jpeg', 'png', 'webp', 'gif', 'tif', 'tiff', 'avif'],
  video: ['mp4', 'mov', 'webm'],
  model3d: ['fbx', 'obj', 'blend', 'glb', 'usdz'],
  // A delivered review version (issue 42): the model itself, and its AR form for iOS.
  glb: ['glb'],
  usdz: ['usdz'],
  asset: ASSET,
  document: ASSET.filter((e) => !PRODUCT_IMAGE.includes(e)),
};

/** A file input's accept list for a kind ('.jpg,.jpeg,.png'). */
export const acceptOf = (kind: Exclude<FileKind, 'any'>) => EXTENSIONS[kind].map((e) => `.${e}`).join(',');

/** The default of UPLOAD_LIMIT_MB (server/config.ts): the portal checks against this figure. */
export const UPLOAD_LIMIT_MB = 25;
export const UPLOAD_LIMIT_BYTES = UPLOAD_LIMIT_MB * 1024 * 1024;
/** Larger images are refused before decoding (a small PNG can claim 60,000 x 60,000 pixels). */
export const MAX_IMAGE_PIXELS = 100_000_000;

export const uploadWords = {
  empty: 'The file is empty.',
  tooManyBytes: (limit: number) => `The file may not be greater than ${Math.round(limit / 1048576)} MB.`,
  wrongType: (allowed: readonly string[]) => `The file must be a file of type: ${allowed.join(', ')}.`,
  mismatch: (ext: string) => `The file content does not match its .${ext} extension.`,
  notAnImage: 'The file is not a valid image.',
  tooManyPixels: (width: number, height: number) =>
    `The image is too large: ${width} × ${height} px, the limit is ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
};

// For each extension, the sniffed types its bytes may show ('text': no signature, readable text).
const BYTES_FOR: Record<string, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  webp: ['webp'],
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  dwg: ['dwg'],
  txt: ['text'],
  csv: ['text'],
  gif: ['gif'],
  tif: ['tif'],
  tiff: ['tif'],
  avif: ['avif'],
  // QuickTime and MP4 share the ISO container; brands vary by camera.
  mp4: ['mp4', 'm4v'],
  mov: ['mov', 'mp4', 'm4v'],
  webm: ['webm'],
  // FBX and OBJ may be text; a USDZ is a zip archive.
  fbx: ['fbx', 'text'],
  obj: ['text'],
  blend: ['blend'],
  glb: ['glb'],
  usdz: ['zip', 'usdz'],
};

/** Image types stored with a thumbnail (in their own format), so their bytes must decode on upload. */
export const DECODED = new Set(['png', 'jpg', 'webp', 'gif', 'tif', 'avif']);

export function extensionOf(filename: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(filename);
  return m ? m[1]!.toLowerCase() : '';
}

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** A USDZ is a zip whose first entry is the USD layer (a .usd, .usda or .usdc file). */
function firstZipEntry(b: Uint8Array): string {
  if (b.length < 30 || view(b).getUint32(0, true) !== 0x04034b50) return '';
  return ascii(b, 30, 30 + view(b).getUint16(26, true));
}

export interface Size {
  width: number;
  height: number;
}

/** A PNG's IHDR, when its fields are ones a PNG can have (garbage after the signature states no size). */
function pngHeader(b: Uint8Array, v: DataView): Size | undefined {
  const [depth, colour, compression, filter, interlace] = [b[24]!, b[25]!, b[26]!, b[27]!, b[28]!];
  const ok =
    [1, 2, 4, 8, 16].includes(depth) && [0, 2, 3, 4, 6].includes(colour) && compression === 0 && filter === 0 && interlace <= 1;
  return ok ? { width: v.getUint32(16), height: v.getUint32(20) } : undefined;
}

/** The size a PNG, GIF, JPEG or WebP header states, read without decoding; undefined for others. */
export function headerSize(b: Uint8Array): Size | undefined {
  if (b.length < 30) return undefined;
  const v = view(b);
  if (v.getUint32(0) === 0x89504e47 && ascii(b, 12, 16) === 'IHDR') return pngHeader(b, v);
  if (ascii(b, 0, 4) === 'GIF8') return { width: v.getUint16(6, true), height: v.getUint16(8, true) };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') {
    const chunk = ascii(b, 12, 16);
    if (chunk === 'VP8 ') return { width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff };
    if (chunk === 'VP8L')
      return {
        width: 1 + (((b[22]! & 0x3f) << 8) | b[21]!),
        height: 1 + (((b[24]! & 0xf) << 10) | (b[23]! << 2) | ((b[22]! & 0xc0) >> 6)),
      };
    if (chunk === 'VP8X')
      return { width: 1 + (v.getUint32(24, true) & 0xffffff), height: 1 + (v.getUint32(27, true) & 0xffffff) };
    return undefined;
  }
  if (v.getUint16(0) !== 0xffd8) return undefined;
  // JPEG: the first start-of-frame marker (C0..CF but DHT C4, JPG C8, DAC CC) holds the size.
  for (let i = 2; i + 9 < b.length;) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: v.getUint16(i + 7), height: v.getUint16(i + 5) };
    i += 2 + v.getUint16(i + 2);
  }
  return undefined;
}

/** What each side brings: its content sniffer (rules/sniff.ts) and its image decoder. */
export interface UploadTools {
  sniff(bytes: Uint8Array): Promise<{ ext: string } | undefined>;
  /** The size the decoder reads for a type without a header here (TIFF, AVIF); optional. */
  size?(bytes: Uint8Array): Promise<Size | undefined>;
  /** Whether the whole image decodes; undefined when this side cannot tell (a browser and a TIFF). */
  decodes(bytes: Uint8Array, ext: string): Promise<boolean | undefined>;
}

/** The extension to store under, or why the file is refused. */
export async function judgeUpload(
  kind: FileKind,
  filename: string,
  bytes: Uint8Array,
  tools: UploadTools,
  limit = UPLOAD_LIMIT_BYTES,
): Promise<{ ext: string } | { error: string }> {
  if (bytes.length === 0) return { error: uploadWords.empty };
  if (bytes.length > limit) return { error: uploadWords.tooManyBytes(limit) };
  const sniffed = await tools.sniff(bytes);
  if (kind === 'any') return { ext: sniffed ? (sniffed.ext === 'text' ? 'txt' : sniffed.ext) : 'bin' };
  const ext = extensionOf(filename);
  const allowed = EXTENSIONS[kind];
  if (!allowed.includes(ext)) return { error: uploadWords.wrongType(allowed) };
  const stored = ext === 'jpeg' ? 'jpg' : ext === 'tiff' ? 'tif' : ext;
  const matches = !!sniffed && BYTES_FOR[ext]!.includes(sniffed.ext);
  const otherType = !!sniffed && sniffed.ext !== 'text' && !matches;
  if (otherType || (!matches && !DECODED.has(stored))) return { error: uploadWords.mismatch(ext) };
  if (DECODED.has(stored)) {
    // An image name over unreadable bytes is not an image; a huge one is refused before decoding.
    if (!matches) return { error: uploadWords.notAnImage };
    const size = headerSize(bytes) ?? (await tools.size?.(bytes));
    if (size && size.width * size.height > MAX_IMAGE_PIXELS) return { error: uploadWords.tooManyPixels(size.width, size.height) };
    if ((await tools.decodes(bytes, stored)) === false) return { error: uploadWords.notAnImage };
  }
  if (ext === 'usdz' && !/\.usd[ac]?$/i.test(firstZipEntry(bytes))) return { error: uploadWords.mismatch(ext) };
  return { ext: stored };
}
