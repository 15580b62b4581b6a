// Damaged multipart bodies and damaged files, for the fuzz test's multipart routes.
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { BOUNDARY, multipartBody, partsOf, type FilePart, type Input, type Part } from './fuzz.routes.ts';
import { pathLike, type MutationClass } from './fuzz.inputs.ts';

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const raw = (i: Input, body: Buffer, type = MULTIPART): Input => ({ ...i, rawBody: body, contentType: type });

export const brokenMultipart: MutationClass = (route) => {
  if (!route.multipart) return null;
  const fileName = route.files[0]?.name ?? 'file';
  const textName = route.fields.find((f) => f.where === 'body')?.name ?? 'fuzz';
  const many = (n: number, make: (k: number) => Part) => Array.from({ length: n }, (_v, k) => make(k));
  const variants: fc.Arbitrary<{ label: string; strict: boolean; apply: (i: Input) => Input }>[] = [
    fc.double({ min: 0.05, max: 0.9, noNaN: true }).map((f) => ({
      label: 'truncated body',
      strict: true,
      apply: (i: Input) => {
        const b = multipartBody(partsOf(i));
        return raw(i, b.subarray(0, Math.floor(b.length * f)));
      },
    })),
    fc.constantFrom(
      { label: 'no closing boundary', strict: true, apply: (i: Input) => raw(i, multipartBody(partsOf(i), BOUNDARY, false)) },
      {
        label: 'no boundary parameter',
        strict: true,
        apply: (i: Input) => raw(i, multipartBody(partsOf(i)), 'multipart/form-data'),
      },
      {
        label: 'wrong boundary',
        strict: true,
        apply: (i: Input) => raw(i, multipartBody(partsOf(i)), 'multipart/form-data; boundary=other'),
      },
      {
        label: 'empty boundary',
        strict: true,
        apply: (i: Input) => raw(i, multipartBody(partsOf(i)), 'multipart/form-data; boundary='),
      },
      {
        label: '80 parts',
        strict: true,
        apply: (i: Input) => raw(i, multipartBody([...partsOf(i), ...many(80, (k) => ({ name: `p${k}`, value: 'x' }))])),
      },
      {
        label: '12 files',
        strict: true,
        apply: (i: Input) =>
          raw(
            i,
            multipartBody([
              ...partsOf(i),
              ...many(12, () => ({ name: fileName, file: { filename: 'a.png', bytes: Buffer.from('x') } })),
            ]),
          ),
      },
      {
        label: 'a 150 kB text part',
        strict: true,
        apply: (i: Input) => raw(i, multipartBody([{ name: textName, value: 'x'.repeat(150 * 1024) }, ...partsOf(i)])),
      },
      {
        label: 'a 300-byte part name',
        strict: false,
        apply: (i: Input) => raw(i, multipartBody([...partsOf(i), { name: 'n'.repeat(300), value: 'x' }])),
      },
      {
        label: 'part named __proto__',
        strict: true,
        apply: (i: Input) => raw(i, multipartBody([{ name: '__proto__', value: 'x' }, ...partsOf(i)])),
      },
      {
        label: 'part named constructor',
        strict: true,
        apply: (i: Input) => raw(i, multipartBody([{ name: 'constructor', value: 'x' }, ...partsOf(i)])),
      },
      {
        label: 'part without a name',
        strict: false,
        apply: (i: Input) => raw(i, multipartBody([...partsOf(i), { name: '', rawHeaders: 'Content-Disposition: form-data' }])),
      },
      {
        label: 'malformed part header',
        strict: false,
        apply: (i: Input) =>
          raw(
            i,
            multipartBody([{ name: '', rawHeaders: 'Content-Disposition form-data name=a\u0000\r\nbroken' }, ...partsOf(i)]),
          ),
      },
      {
        label: 'a file where a text part goes',
        strict: true,
        apply: (i: Input) =>
          raw(i, multipartBody([...partsOf(i), { name: textName, file: { filename: 'a.txt', bytes: Buffer.from('x') } }])),
      },
    ),
    fc.uint8Array({ minLength: 1, maxLength: 400 }).map((bytes) => ({
      label: 'random bytes',
      strict: true,
      apply: (i: Input) => raw(i, Buffer.from(bytes)),
    })),
  ];
  return fc.oneof(...variants);
};

/** A PNG whose header claims a huge size: a decompression bomb for a careless decoder. */
function hugePng(png: Buffer): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(60_000, 16);
  out.writeUInt32BE(60_000, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SOI = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

export const damagedFiles: MutationClass = (route, ctx) => {
  if (!route.files.length) return null;
  type Damage = { label: string; strictFor: 'typed' | 'all' | 'none'; file: FilePart };
  const png = (filename: string, bytes: Buffer = ctx.png): FilePart => ({ filename, bytes, contentType: 'image/png' });
  const damage: fc.Arbitrary<Damage> = fc.oneof(
    fc.uint8Array({ minLength: 8, maxLength: 300 }).map((g) => ({
      label: 'corrupt PNG',
      strictFor: 'typed' as const,
      file: png('c.png', Buffer.concat([PNG_SIGNATURE, Buffer.from(g)])),
    })),
    fc.uint8Array({ minLength: 8, maxLength: 300 }).map((g) => ({
      label: 'corrupt JPEG',
      strictFor: 'typed' as const,
      file: { filename: 'c.jpg', bytes: Buffer.concat([JPEG_SOI, Buffer.from(g)]) },
    })),
    fc
      .integer({ min: 20, max: 60 })
      .map((n) => ({ label: 'truncated PNG', strictFor: 'typed' as const, file: png('t.png', ctx.png.subarray(0, n)) })),
    fc
      .integer({ min: 200, max: 6000 })
      .map((n) => ({ label: `a ${n}-character file name`, strictFor: 'none' as const, file: png(`${'n'.repeat(n)}.png`) })),
    fc
      .constantFrom(...pathLike(ctx.marker))
      .map((name) => ({ label: 'path-like file name', strictFor: 'none' as const, file: png(`${name}.png`) })),
    fc.constantFrom<Damage>(
      { label: 'PDF named .png', strictFor: 'typed', file: png('fake.png', PDF) },
      { label: 'text named .jpg', strictFor: 'typed', file: { filename: 'fake.jpg', bytes: Buffer.from('hello, not an image') } },
      { label: 'decompression bomb', strictFor: 'typed', file: png('bomb.png', hugePng(ctx.png)) },
      { label: 'empty file', strictFor: 'all', file: png('empty.png', Buffer.alloc(0)) },
      { label: 'PNG named .exe', strictFor: 'typed', file: png('setup.exe') },
      { label: 'no extension', strictFor: 'typed', file: png('picture') },
      { label: 'NUL in file name', strictFor: 'none', file: png('a\u0000b.png') },
      { label: 'quote in file name', strictFor: 'none', file: png('a".png') },
    ),
  );
  return fc.tuple(fc.constantFrom(...route.files), damage, fc.boolean()).map(([f, d, wrongField]) => ({
    label: `${d.label} in ${wrongField ? 'an unknown field' : f.name}`,
    strict: wrongField || d.strictFor === 'all' || (d.strictFor === 'typed' && f.kind !== 'any'),
    apply: (i: Input) => ({ ...i, files: { ...i.files, [wrongField ? 'fuzz_file' : f.name]: d.file } }),
  }));
};
