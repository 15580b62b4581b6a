// Renders the PWA icons from one SVG (run: npx tsx scripts/make-icons.ts); the PNGs are committed.
import sharp from 'sharp';

const mark = (pad: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
  <rect width="512" height="512" rx="${pad ? 0 : 96}" fill="#1f3a5f"/>
  <g transform="translate(${pad} ${pad}) scale(${(512 - 2 * pad) / 512})">
    <polygon points="256,86 410,172 410,340 256,426 102,340 102,172" fill="#f6f4f0"/>
    <polygon points="256,86 410,172 256,258 102,172" fill="#e0a458"/>
    <polygon points="256,258 410,172 410,340 256,426" fill="#8fb8de"/>
  </g></svg>`;

await sharp(Buffer.from(mark(0)))
  .resize(192, 192)
  .png()
  .toFile('public/icons/icon-192.png');
await sharp(Buffer.from(mark(0)))
  .png()
  .toFile('public/icons/icon-512.png');
await sharp(Buffer.from(mark(64)))
  .png()
  .toFile('public/icons/icon-maskable-512.png');
