// Reads a written file back, independently of the code that wrote it: our own PNG and JPEG header
// parse (IHDR, pHYs, JFIF, SOF) and sharp's (libvips) metadata. Both must agree with the spec.
import sharp from 'sharp';
import { isUpscaled, upscaleText } from '../../src/api/contract/rules/retailer.ts';
import { maxBytesOf, pixelFormat, type OutputSpec } from './encode.ts';

export interface FileFacts {
  type: 'png' | 'jpg' | 'unknown';
  width: number;
  height: number;
  /** Bits per channel. */
  bitDepth: number;
  channels: number;
  /** Dots per inch written in the file, or null when it says none. */
  dpi: number | null;
  /** The file ends where its format says (IEND, EOI): it was not cut short. */
  complete: boolean;
}

const UNKNOWN: FileFacts = { type: 'unknown', width: 0, height: 0, bitDepth: 0, channels: 0, dpi: null, complete: false };
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export function readPng(b: Buffer): FileFacts {
  if (b.length < 33 || b.readUInt32BE(0) !== 0x89504e47 || b.toString('latin1', 12, 16) !== 'IHDR') return UNKNOWN;
  const facts: FileFacts = {
    type: 'png',
    width: b.readUInt32BE(16),
    height: b.readUInt32BE(20),
    bitDepth: b[24]!,
    channels: PNG_CHANNELS[b[25]!] ?? 0,
    dpi: null,
    complete: false,
  };
  for (let i = 8; i + 8 <= b.length;) {
    const len = b.readUInt32BE(i);
    const kind = b.toString('latin1', i + 4, i + 8);
    if (kind === 'pHYs' && len === 9 && b[i + 16] === 1) facts.dpi = Math.round(b.readUInt32BE(i + 8) * 0.0254);
    if (kind === 'IEND') facts.complete = i + 12 === b.length;
    i += 12 + len;
  }
  return facts;
}

export function readJpeg(b: Buffer): FileFacts {
  if (b.length < 4 || b.readUInt16BE(0) !== 0xffd8) return UNKNOWN;
  const facts: FileFacts = { ...UNKNOWN, type: 'jpg', complete: b.readUInt16BE(b.length - 2) === 0xffd9 };
  for (let i = 2; i + 4 <= b.length;) {
    if (b[i] !== 0xff) break;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const len = b.readUInt16BE(i + 2);
    if (marker === 0xe0 && b.toString('latin1', i + 4, i + 9) === 'JFIF\0') {
      const units = b[i + 11];
      const x = b.readUInt16BE(i + 12);
      facts.dpi = units === 1 ? x : units === 2 ? Math.round(x * 2.54) : null;
    }
    // Start of frame (C0..CF but DHT C4, JPG C8, DAC CC): precision, height, width, components.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      facts.bitDepth = b[i + 4]!;
      facts.height = b.readUInt16BE(i + 5);
      facts.width = b.readUInt16BE(i + 7);
      facts.channels = b[i + 9]!;
      break;
    }
    i += 2 + len;
  }
  return facts;
}

export const readHeader = (b: Buffer): FileFacts => (b[0] === 0x89 ? readPng(b) : b[0] === 0xff ? readJpeg(b) : UNKNOWN);

/** What a frame was drawn from: the product's layers (px) and the factor they were drawn at (layout's productScale). */
export interface SourceFacts {
  width: number;
  height: number;
  scale: number;
}

export interface ComplianceRow {
  file: string;
  facts: FileFacts;
  bytes: number;
  source?: SourceFacts;
  problems: string[];
  /** Said, but not a failure (an upscaled file for a retailer that allows it). */
  warnings: string[];
}

/** The spec a file is checked against: the output's, and whether the retailer forbids upscaling. */
export type CheckSpec = OutputSpec & { no_upscale?: boolean };

/**
 * Every way `bytes` differs from the spec, as two readers see it, and an upscaled source: a warning,
 * or a problem for a retailer that forbids it. No problems is a pass.
 */
export async function checkFile(file: string, bytes: Buffer, spec: CheckSpec, source?: SourceFacts): Promise<ComplianceRow> {
  const own = readHeader(bytes);
  const problems: string[] = [];
  const warnings: string[] = [];
  if (source && isUpscaled(source.scale)) {
    if (spec.no_upscale) problems.push(`${upscaleText(source.scale)} (the retailer forbids upscaling)`);
    else warnings.push(upscaleText(source.scale));
  }
  const want = pixelFormat(spec.color_depth);
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => undefined);
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  if (own.type !== spec.file_type) problems.push(`type ${own.type}, wanted ${spec.file_type}`);
  if (ext !== spec.file_type) problems.push(`extension .${ext}, wanted .${spec.file_type}`);
  if (!own.complete) problems.push('the file is cut short');
  if (own.width !== spec.width || own.height !== spec.height)
    problems.push(`${own.width}x${own.height} px, wanted ${spec.width}x${spec.height}`);
  if (own.dpi !== spec.dpi) problems.push(`${own.dpi ?? 'no'} DPI in the file, wanted ${spec.dpi}`);
  if (own.bitDepth !== want.bits || own.channels !== want.channels) {
    problems.push(`${own.channels} channels of ${own.bitDepth} bits, wanted ${want.channels} of ${want.bits}`);
  }
  if (bytes.length > maxBytesOf(spec)) problems.push(`${bytes.length} bytes, over ${spec.file_size} MB`);
  // The second reader: libvips decodes the header its own way.
  if (!meta) problems.push('sharp cannot read it');
  else {
    if (meta.format !== (spec.file_type === 'jpg' ? 'jpeg' : 'png')) problems.push(`sharp reads ${meta.format}`);
    if (meta.width !== spec.width || meta.height !== spec.height) problems.push(`sharp reads ${meta.width}x${meta.height} px`);
    if (Math.round(meta.density ?? 0) !== spec.dpi) problems.push(`sharp reads ${meta.density ?? 'no'} DPI`);
    if (meta.channels !== want.channels || meta.depth !== (want.bits === 16 ? 'ushort' : 'uchar'))
      problems.push(`sharp reads ${meta.channels} channels of ${meta.depth}`);
  }
  return { file, facts: own, bytes: bytes.length, source, problems, warnings };
}

/** The source pixels behind the frame (its size over the factor): what the file really resolves. */
export const effectiveSize = (r: Pick<ComplianceRow, 'facts' | 'source'>) =>
  r.source
    ? { width: Math.round(r.facts.width / r.source.scale), height: Math.round(r.facts.height / r.source.scale) }
    : undefined;

export const resultOf = (r: Pick<ComplianceRow, 'problems' | 'warnings'>) =>
  r.problems.length ? 'FAIL' : r.warnings.length ? 'WARN' : 'PASS';

const csvCell = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

/**
 * compliance.csv: one line per file, as both readers measured it, with its source: the layers' pixels,
 * the factor they were drawn at, and the effective resolution (the source pixels behind the frame).
 * result: PASS, WARN (warnings only, such as UPSCALED ×f) or FAIL.
 */
export function complianceCsv(rows: ComplianceRow[], spec: OutputSpec): string {
  const head = [
    'file',
    'type',
    'width',
    'height',
    'dpi',
    'bits_per_channel',
    'channels',
    'bytes',
    'limit_bytes',
    'source_width',
    'source_height',
    'scale',
    'effective_width',
    'effective_height',
    'result',
    'problems',
    'warnings',
  ];
  const limit = maxBytesOf(spec);
  const lines = rows.map((r) =>
    [
      r.file,
      r.facts.type,
      r.facts.width,
      r.facts.height,
      r.facts.dpi ?? '',
      r.facts.bitDepth,
      r.facts.channels,
      r.bytes,
      Number.isFinite(limit) ? limit : '',
      r.source?.width ?? '',
      r.source?.height ?? '',
      r.source ? r.source.scale.toFixed(2) : '',
      effectiveSize(r)?.width ?? '',
      effectiveSize(r)?.height ?? '',
      resultOf(r),
      r.problems.join('; '),
      r.warnings.join('; '),
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[head.join(','), ...lines].join('\n')}\n`;
}
