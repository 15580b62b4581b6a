// The upload rules on both sides: each file is refused by the browser's check (src/api/upload-check.ts,
// with a decoder injected where Node has no createImageBitmap) and by the real server with the same
// words, or taken by both. A 20000 × 20000 PNG is too large, not "not a valid image".
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, UPLOAD_LIMIT_BYTES, type FileKind } from '../../src/api/contract/rules/files.ts';
import { uploadRefusal, type Decoder } from '../../src/api/upload-check.ts';
import { call, form } from '../support/http.ts';
import { cutShort, png, SVG } from '../support/image-bytes.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { ids, PDF, type Ids } from './products.fixtures.ts';

let s: TestServer;
let w: Ids;
beforeAll(async () => {
  s = await startTestServer();
  w = await ids(s);
});
afterAll(async () => {
  await s.close();
});

// The boundary Node lacks: the browser's bitmap decoder, stood in for by libvips.
const decoder: Decoder = (bytes) =>
  sharp(bytes)
    .resize(16, 16, { fit: 'inside' })
    .toBuffer()
    .then(
      () => true,
      () => false,
    );

const CALLS = {
  productImage: { path: '/posts/product/resource/store', field: 'image' },
  asset: { path: '/posts/product/asset/store', field: 'file' },
} as const;

async function bothSides(kind: keyof typeof CALLS, name: string, bytes: Uint8Array) {
  const { path, field } = CALLS[kind];
  const r = await call(s, 'POST', path, {
    token: w.tok.acme,
    form: form({ id_product: w.acmeProduct }, { [field]: { name, bytes } }),
  });
  const browser = await uploadRefusal(new File([bytes as Uint8Array<ArrayBuffer>], name), kind as FileKind, decoder);
  return {
    server: r.status === 200 ? undefined : (r.body.message as string),
    status: r.status,
    field: r.body.errors?.[field],
    browser,
  };
}

const huge = `The image is too large: 20000 × 20000 px, the limit is ${MAX_IMAGE_PIXELS / 1e6} megapixels.`;
const CASES: [
  kind: keyof typeof CALLS,
  name: string,
  bytes: () => Promise<Uint8Array> | Uint8Array,
  expected: string | undefined,
][] = [
  ['productImage', 'ok.png', () => png(4, 4), undefined],
  [
    'productImage',
    'photo.webp',
    () =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
        .webp()
        .toBuffer(),
    undefined,
  ],
  ['productImage', 'empty.png', () => new Uint8Array(0), 'The file is empty.'],
  ['productImage', 'notes.png', () => Buffer.from('a text file named .png'), 'The file is not a valid image.'],
  ['productImage', 'drawing.svg', () => SVG, 'The file must be a file of type: jpg, jpeg, png, webp.'],
  ['productImage', 'drawing.png', () => SVG, 'The file is not a valid image.'],
  ['productImage', 'cut.png', () => cutShort(png(4, 4)), 'The file is not a valid image.'],
  ['productImage', 'big.png', () => png(20000, 20000), huge],
  // A PNG signature and IHDR name over garbage states no size: not an image, rather than too large.
  [
    'productImage',
    'garbage.png',
    () => Buffer.concat([png(4, 4).subarray(0, 16), Buffer.alloc(200, 7)]),
    'The file is not a valid image.',
  ],
  [
    'productImage',
    'anim.gif',
    () =>
      sharp({ create: { width: 4, height: 4, channels: 3, background: '#888' } })
        .gif()
        .toBuffer(),
    'The file must be a file of type: jpg, jpeg, png, webp.',
  ],
  ['asset', 'spec.pdf', () => PDF, undefined],
  ['asset', 'notes.txt', () => Buffer.from('plain text'), undefined],
  ['asset', 'fake.pdf', () => Buffer.from('plain text, not a pdf'), 'The file content does not match its .pdf extension.'],
  [
    'asset',
    'tool.exe',
    () => Buffer.from('MZ'),
    'The file must be a file of type: txt, pdf, doc, docx, xls, xlsx, ppt, pptx, png, jpg, jpeg, csv, dwg, webp.',
  ],
];

describe('a file is judged alike on both sides', () => {
  it.each(CASES)('%s %s', async (kind, name, bytes, expected) => {
    const r = await bothSides(kind, name, await bytes());
    expect(r.browser).toBe(expected);
    expect(r.server).toBe(expected);
    if (expected) expect([r.status, r.field]).toEqual([422, [expected]]);
  });

  it('a file over the byte limit: 413 on the server, refused unread in the browser, in the same words', async () => {
    const r = await bothSides('asset', 'large.txt', new Uint8Array(UPLOAD_LIMIT_BYTES + 1).fill(0x61));
    expect(r.status).toBe(413);
    expect(r.server).toBe('The file may not be greater than 25 MB.');
    expect(r.browser).toBe(r.server);
  });
});
