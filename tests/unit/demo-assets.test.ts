// The demo's committed files (issue 43). The .usdz (scripts/make-demo-usdz.ts): a zip whose entries are stored and
// whose data start on 64-byte boundaries (the USDZ rules: iOS maps the files in place), the root layer
// first, and a model that a USD reader opens (three's USDLoader: meshes with their materials). Nothing
// here runs AR Quick Look; this is what can be checked without iOS. The video (scripts/make-sample-video.ts):
// H.264 in MP4, seconds of the model turning, not a one-second block.
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { DEMO_USDZ, DEMO_VIDEO } from '../../server/db/demo-assets.ts';
import { USDZ_ALIGN, usdzOf } from '../../server/db/usdz.ts';

interface Entry {
  name: string;
  method: number;
  dataAt: number;
  size: number;
  crc: number;
}

/** Every local file header, walked from the start (as iOS reads a package). */
function localEntries(zip: Buffer): Entry[] {
  const out: Entry[] = [];
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const size = zip.readUInt32LE(at + 18);
    const dataAt = at + 30 + nameLength + extraLength;
    out.push({
      name: zip.toString('utf8', at + 30, at + 30 + nameLength),
      method: zip.readUInt16LE(at + 8),
      dataAt,
      size,
      crc: zip.readUInt32LE(at + 14),
    });
    at = dataAt + size;
  }
  return out;
}

describe('the demo .usdz', () => {
  const usdz = readFileSync(DEMO_USDZ);

  it('stores every entry uncompressed, its data 64-byte aligned, the root layer first', () => {
    const entries = localEntries(usdz);
    expect(entries.map((e) => e.name)).toEqual(['armchair.usda']);
    for (const e of entries) {
      expect(e.method, e.name).toBe(0);
      expect(e.dataAt % USDZ_ALIGN, e.name).toBe(0);
      expect(crc32(usdz.subarray(e.dataAt, e.dataAt + e.size)), e.name).toBe(e.crc);
    }
    expect(usdz.length).toBeLessThan(256 * 1024);
  });

  it('is a zip that others read, and a USD model with its meshes and materials', async () => {
    const zip = await JSZip.loadAsync(usdz);
    const text = await zip.file('armchair.usda')!.async('string');
    expect(text.startsWith('#usda 1.0')).toBe(true);
    expect(text).toContain('defaultPrim = "Armchair"');
    // Not a literal import: three ships no types for its examples.
    const loader = 'three/examples/jsm/loaders/USDLoader.js';
    const { USDLoader } = (await import(loader)) as {
      USDLoader: new () => {
        parse(data: ArrayBuffer): { traverse(f: (o: { isMesh?: boolean; material?: unknown }) => void): void };
      };
    };
    const model = new USDLoader().parse(usdz.buffer.slice(usdz.byteOffset, usdz.byteOffset + usdz.byteLength));
    const meshes: unknown[] = [];
    model.traverse((o) => o.isMesh && meshes.push(o.material));
    expect(meshes.length).toBeGreaterThanOrEqual(2);
  });

  it('pads each entry to the boundary, whatever the names before it', () => {
    const made = usdzOf([
      { name: 'a.usda', data: Buffer.from('#usda 1.0\n') },
      { name: 'textures/odd-name-length.png', data: Buffer.alloc(77, 1) },
      { name: 'b', data: Buffer.alloc(3) },
    ]);
    const entries = localEntries(made);
    expect(entries).toHaveLength(3);
    for (const e of entries) expect(e.dataAt % USDZ_ALIGN, e.name).toBe(0);
  });
});

describe('the demo video', () => {
  it('is H.264 in MP4, a few seconds long', () => {
    const mp4 = readFileSync(DEMO_VIDEO);
    expect(mp4.toString('latin1', 4, 8)).toBe('ftyp');
    expect(mp4.includes('avc1')).toBe(true);
    // The movie header: version 1 has 64-bit times (timescale after two 8-byte dates), version 0 32-bit.
    const at = mp4.indexOf('mvhd') + 4;
    const v1 = mp4[at] === 1;
    const timescale = mp4.readUInt32BE(at + (v1 ? 20 : 12));
    const duration = v1 ? Number(mp4.readBigUInt64BE(at + 24)) : mp4.readUInt32BE(at + 16);
    expect(duration / timescale).toBeGreaterThanOrEqual(3);
  });
});
