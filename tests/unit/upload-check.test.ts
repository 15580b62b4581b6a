// The browser's file check (src/api/upload-check.ts) with the contract's verdict: type by content, not
// by name; empty files; a decodable image; the pixel and byte limits; each refused file named with its
// reason. Small generated buffers; Node has no createImageBitmap, so the decoder is injected.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EXTENSIONS, headerSize, MAX_IMAGE_PIXELS, UPLOAD_LIMIT_BYTES, uploadWords } from '../../src/api/contract/rules/files.ts';
import { browserDecoder, refusalText, uploadCheck, uploadRefusal, type Decoder } from '../../src/api/upload-check.ts';
import { cutShort, png, SVG } from '../support/image-bytes.ts';

/** Stands in for createImageBitmap: a PNG decodes when it is whole (its IEND chunk is there). */
const decoder: Decoder = async (bytes) => Buffer.from(bytes).includes('IEND');
const file = (name: string, bytes: Uint8Array | string) =>
  new File([typeof bytes === 'string' ? bytes : (bytes as Uint8Array<ArrayBuffer>)], name);
const refusal = (f: File, kind: Parameters<typeof uploadRefusal>[1] = 'productImage') => uploadRefusal(f, kind, decoder);
const IMAGE_TYPES = uploadWords.wrongType(['jpg', 'jpeg', 'png', 'webp']);

describe('an image for a product', () => {
  it('takes a whole PNG, whatever the case of its extension', async () => {
    expect(await refusal(file('ok.png', png(4, 4)))).toBeUndefined();
    expect(await refusal(file('OK.PNG', png(4, 4)))).toBeUndefined();
  });

  it('judges the content, not the name', async () => {
    expect(await refusal(file('notes.png', 'just some text'))).toBe('The file is not a valid image.');
    expect(await refusal(file('drawing.png', SVG))).toBe('The file is not a valid image.');
    expect(await refusal(file('photo.jpg', png(4, 4)))).toBe('The file content does not match its .jpg extension.');
    expect(await refusal(file('cut.png', cutShort(png(4, 4))))).toBe('The file is not a valid image.');
  });

  it('refuses a type the call does not take, and an empty file', async () => {
    expect(await refusal(file('notes.txt', 'text'))).toBe(IMAGE_TYPES);
    expect(await refusal(file('drawing.svg', SVG))).toBe(IMAGE_TYPES);
    expect(await refusal(file('noext', png(4, 4)))).toBe(IMAGE_TYPES);
    expect(await refusal(file('empty.png', ''))).toBe('The file is empty.');
  });

  it('calls a 20000 × 20000 PNG too large, from its header, before decoding it', async () => {
    let decoded = false;
    const r = await uploadRefusal(file('big.png', png(20000, 20000)), 'productImage', async () => ((decoded = true), true));
    expect(r).toBe(`The image is too large: 20000 × 20000 px, the limit is ${MAX_IMAGE_PIXELS / 1e6} megapixels.`);
    expect(decoded).toBe(false);
    expect(await refusal(file('edge.png', png(10000, 10000)))).toBeUndefined(); // exactly the limit
  });

  it('refuses a file over the byte limit without reading it', async () => {
    const huge = {
      name: 'huge.png',
      size: UPLOAD_LIMIT_BYTES + 1,
      arrayBuffer: () => Promise.reject(new Error('read')),
    } as unknown as File;
    expect(await refusal(huge)).toBe('The file may not be greater than 25 MB.');
  });
});

describe('the picker check', () => {
  it('splits the picked files and names each refused one with its reason', async () => {
    const check = uploadCheck('productImage', { decode: decoder });
    const r = await check([file('a.png', png(4, 4)), file('big.png', png(20000, 20000)), file('readme.txt', 'hi')]);
    expect(r.ok.map((f) => f.name)).toEqual(['a.png']);
    expect(r.refused.map(refusalText)).toEqual([
      `big.png: The image is too large: 20000 × 20000 px, the limit is ${MAX_IMAGE_PIXELS / 1e6} megapixels.`,
      `readme.txt: ${IMAGE_TYPES}`,
    ]);
  });

  it('a form may take fewer types than its call: Info’s files leave images out', async () => {
    const r = await uploadCheck('document', { decode: decoder })([file('spec.txt', 'text'), file('a.png', png(4, 4))]);
    expect(r.ok.map((f) => f.name)).toEqual(['spec.txt']);
    expect(r.refused.map((x) => x.reason)).toEqual([uploadWords.wrongType(EXTENSIONS.document)]);
  });

  it('any file: only an empty one or one over the limit is refused', async () => {
    const r = await uploadCheck('any')([file('x.bin', new Uint8Array([1, 2, 3])), file('empty.log', '')]);
    expect(r.ok.map((f) => f.name)).toEqual(['x.bin']);
    expect(r.refused.map(refusalText)).toEqual(['empty.log: The file is empty.']);
  });

  it('leaves the decoding to the server where the browser cannot tell (no createImageBitmap here; TIFF)', async () => {
    expect(await browserDecoder(png(4, 4), 'png')).toBeUndefined();
    expect(await uploadRefusal(file('cut.png', cutShort(png(4, 4))), 'productImage', browserDecoder)).toBeUndefined();
  });
});

describe('the header sizes the pixel limit reads', () => {
  it('agree with the decoder for PNG, GIF, JPEG and WebP (VP8, VP8L, and VP8X with alpha)', async () => {
    const img = sharp({ create: { width: 37, height: 23, channels: 4, background: { r: 192, g: 64, b: 32, alpha: 0.5 } } });
    const opaque = sharp({ create: { width: 37, height: 23, channels: 3, background: '#c04020' } });
    const all = [
      await img.clone().png().toBuffer(),
      await img.clone().gif().toBuffer(),
      await opaque.clone().jpeg().toBuffer(),
      await opaque.clone().webp().toBuffer(),
      await opaque.clone().webp({ lossless: true }).toBuffer(),
      await img.clone().webp().toBuffer(),
    ];
    expect(all.slice(3).map((b) => b.toString('latin1', 12, 16))).toEqual(['VP8 ', 'VP8L', 'VP8X']);
    for (const bytes of all) expect(headerSize(bytes)).toEqual({ width: 37, height: 23 });
    expect(headerSize(Buffer.from('not an image at all, but long enough'))).toBeUndefined();
  });
});
