// Writes a Radiance RGBE (.hdr) image, run-length encoded per channel (the format's "new" scanlines),
// which three's RGBELoader (model-viewer's HDR loader) reads.

/** Shared-exponent RGBE of one linear RGB pixel. */
function rgbe([r, g, b]: readonly number[]): [number, number, number, number] {
  const v = Math.max(r!, g!, b!);
  if (v < 1e-32) return [0, 0, 0, 0];
  const e = Math.ceil(Math.log2(v) + 1e-9);
  const scale = 256 / 2 ** e;
  const q = (c: number) => Math.min(255, Math.max(0, Math.floor(c * scale)));
  return [q(r!), q(g!), q(b!), e + 128];
}

/** One channel of a scanline: runs of a repeated byte (>= 3) as 128 + n, the rest as literals of up to 128. */
function encodeChannel(values: Uint8Array, out: number[]): void {
  let i = 0;
  while (i < values.length) {
    let run = 1;
    while (i + run < values.length && run < 127 && values[i + run] === values[i]) run++;
    if (run >= 3) {
      out.push(128 + run, values[i]!);
      i += run;
      continue;
    }
    const start = i;
    while (i < values.length && i - start < 128) {
      let ahead = 1;
      while (i + ahead < values.length && ahead < 3 && values[i + ahead] === values[i]) ahead++;
      if (ahead >= 3) break;
      i++;
    }
    out.push(i - start, ...values.subarray(start, i));
  }
}

export function encodeRadiance(width: number, height: number, pixel: (x: number, y: number) => readonly number[]): Buffer {
  const header = `#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y ${height} +X ${width}\n`;
  const out: number[] = [];
  const channels = Array.from({ length: 4 }, () => new Uint8Array(width));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = rgbe(pixel(x, y));
      for (let c = 0; c < 4; c++) channels[c]![x] = p[c]!;
    }
    out.push(2, 2, width >> 8, width & 255);
    for (const ch of channels) encodeChannel(ch, out);
  }
  return Buffer.concat([Buffer.from(header, 'ascii'), Buffer.from(out)]);
}
