// A composed frame written as a retailer asks: file type, colour depth, DPI in the file, under a size.
// Colour depth as retailers' sheets write it (docs/decisions.md): 8 or 24 → 8-bit RGB, 32 → 8-bit RGBA,
// 16 or 48 → 16 bits per channel RGB. JPEG holds neither alpha nor 16-bit channels.
import { rawOf, type RawImage } from './compose.ts';

export type FileType = 'png' | 'jpg';
export type ColourDepth = 8 | 16 | 24 | 32 | 48;

export interface PixelFormat {
  channels: 3 | 4;
  bits: 8 | 16;
}

export function pixelFormat(depth: ColourDepth): PixelFormat {
  if (depth === 32) return { channels: 4, bits: 8 };
  if (depth === 16 || depth === 48) return { channels: 3, bits: 16 };
  return { channels: 3, bits: 8 };
}

/** A spec that no file can meet: the job fails at once (no retry) with this as the reason. */
export class SpecError extends Error {}

export interface OutputSpec {
  file_type: FileType;
  width: number;
  height: number;
  dpi: number;
  color_depth: ColourDepth;
  /** Megabytes (10^6 bytes); null: no limit. */
  file_size: number | null;
}

export const MB = 1_000_000;
export const maxBytesOf = (spec: Pick<OutputSpec, 'file_size'>) =>
  spec.file_size === null ? Infinity : Math.floor(spec.file_size * MB);

/** Why the spec cannot be met before anything is drawn, or undefined. */
export function impossible(spec: OutputSpec): string | undefined {
  const f = pixelFormat(spec.color_depth);
  if (spec.file_type === 'jpg' && f.channels === 4)
    return `JPEG has no transparency, so ${spec.color_depth}-bit colour (RGBA) cannot be written as JPEG.`;
  if (spec.file_type === 'jpg' && f.bits === 16)
    return `JPEG holds 8 bits per channel, so ${spec.color_depth}-bit colour cannot be written as JPEG.`;
  return undefined;
}

/** The JFIF APP0 segment with the density in dots per inch (sharp writes it only in Exif). */
function withJfifDensity(jpeg: Buffer, dpi: number): Buffer {
  const d = Math.min(65535, Math.max(1, Math.round(dpi)));
  const app0 = Buffer.from([
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x02,
    0x01,
    d >> 8,
    d & 255,
    d >> 8,
    d & 255,
    0,
    0,
  ]);
  // Drop a JFIF APP0 already there, then put ours right after SOI, where JFIF belongs.
  let rest = jpeg.subarray(2);
  if (rest[0] === 0xff && rest[1] === 0xe0) rest = rest.subarray(2 + rest.readUInt16BE(2));
  return Buffer.concat([jpeg.subarray(0, 2), app0, rest]);
}

export interface EncodeOptions {
  /** JPEG quality 1..100. */
  quality?: number;
  /** PNG: the slower, smaller setting, tried when the fast one is over the size. */
  smallest?: boolean;
}

/** The pixels in the spec's type, depth and DPI (the size is the caller's: see fitUnder). */
export async function encodeFrame(raw: RawImage, spec: OutputSpec, options: EncodeOptions = {}): Promise<Buffer> {
  const f = pixelFormat(spec.color_depth);
  let img = rawOf(raw);
  // An opaque frame's alpha is 255 everywhere: dropping it is what flattening would give, for less work.
  if (f.channels === 3) img = raw.opaque ? img.removeAlpha() : img.flatten({ background: { r: 255, g: 255, b: 255 } });
  if (f.bits === 16) img = img.toColourspace('rgb16');
  img = img.withDensity(spec.dpi);
  if (spec.file_type === 'jpg') {
    const quality = options.quality ?? 92;
    const jpeg = await img.jpeg({ quality, chromaSubsampling: quality >= 90 ? '4:4:4' : '4:2:0' }).toBuffer();
    return withJfifDensity(jpeg, spec.dpi);
  }
  return img.png(options.smallest ? { compressionLevel: 9, adaptiveFiltering: true } : { compressionLevel: 6 }).toBuffer();
}

/**
 * The highest quality in [min, start] whose size fits the budget: `start` first (one encode when it
 * fits, the usual case), then a binary search. Undefined when even `min` does not fit.
 */
export async function searchQuality(
  sizeAt: (q: number) => Promise<number>,
  budget: number,
  start = 92,
  min = 30,
): Promise<{ quality?: number; tries: number }> {
  let tries = 1;
  if ((await sizeAt(start)) <= budget) return { quality: start, tries };
  let lo = min;
  let hi = start - 1;
  let best: number | undefined;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    tries++;
    if ((await sizeAt(mid)) <= budget) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return { quality: best, tries };
}

const mb = (bytes: number) => (bytes < 100_000 ? `${(bytes / 1000).toFixed(1)} kB` : `${(bytes / MB).toFixed(2)} MB`);

export interface Fitted {
  bytes: Buffer;
  quality?: number;
  /** Encodes spent finding it (1 when the first try fitted). */
  tries: number;
}

/**
 * Encodes under the spec's size. JPEG: `quality` when given and it fits, else the best quality that
 * fits `budget` (the first frame searches with some room to spare, and the job reuses its quality).
 * PNG is lossless: the fast setting, then the smallest; over the limit either way is a SpecError.
 */
export async function fitUnder(
  raw: RawImage,
  spec: OutputSpec,
  options: { quality?: number; budget?: number } = {},
): Promise<Fitted> {
  const limit = maxBytesOf(spec);
  if (spec.file_type === 'png') {
    const fast = await encodeFrame(raw, spec);
    if (fast.length <= limit) return { bytes: fast, tries: 1 };
    const small = await encodeFrame(raw, spec, { smallest: true });
    if (small.length <= limit) return { bytes: small, tries: 2 };
    throw new SpecError(
      `PNG frames of ${spec.width}x${spec.height} px take ${mb(small.length)} at the smallest setting, over the ${spec.file_size} MB limit; PNG is lossless, so they cannot be made smaller.`,
    );
  }
  const cache = new Map<number, Buffer>();
  const at = async (q: number) => {
    if (!cache.has(q)) cache.set(q, await encodeFrame(raw, spec, { quality: q }));
    return cache.get(q)!;
  };
  if (options.quality !== undefined && (await at(options.quality)).length <= limit)
    return { bytes: cache.get(options.quality)!, quality: options.quality, tries: 1 };
  const budget = Math.min(limit, options.budget ?? limit);
  const size = async (q: number) => (await at(q)).length;
  const start = Math.min(options.quality ?? 92, 92);
  let { quality, tries } = await searchQuality(size, budget, start);
  // The room to spare is a preference: at the limit itself is still within the spec.
  if (quality === undefined && budget < limit) ({ quality, tries } = await searchQuality(size, limit, start));
  if (quality === undefined) {
    throw new SpecError(
      `JPEG frames of ${spec.width}x${spec.height} px take ${mb((await at(30)).length)} even at quality 30, over the ${spec.file_size} MB limit.`,
    );
  }
  return { bytes: cache.get(quality)!, quality, tries: tries + (options.quality !== undefined ? 1 : 0) };
}
