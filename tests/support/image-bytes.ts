// Small image files made byte by byte (no decoder needed): a valid grey PNG, one whose header claims a
// huge size over a few bytes of data, a cut-short one, and an SVG. For the upload checks of both sides.
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A grey 8-bit PNG of this size; for a huge one only the first rows' data is written (the header is what counts). */
export function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey)
  const rows = Math.min(height, 4);
  const idat = deflateSync(Buffer.alloc(rows * (width + 1), 0x80).map((b, i) => (i % (width + 1) === 0 ? 0 : b)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** The first bytes of a valid PNG: its header reads, its pixels do not. */
export const cutShort = (bytes: Buffer) => bytes.subarray(0, 45);

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
