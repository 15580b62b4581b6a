// Bakes model-viewer's generated "neutral" environment into src/viewer/neutral-environment.hdr (run:
// npx tsx scripts/bake-environment.ts; the file is committed). The 3D viewers name it as their
// environment-image: the same light, without generating it in every page (a cube render and a 20-tap
// blur of six half-float faces: about 4 s of CPU per page where WebGL is software, one frame on a GPU).
import { writeFileSync } from 'node:fs';
import { createServer } from 'vite';
import { chromium } from 'playwright-core';
import { encodeRadiance } from './bake-environment/radiance.ts';

/**
 * 512 × 256: the environment is blurred at 0.04 rad, about three of this image's pixels. (Its light then
 * goes through a 128 px cube in three's PMREM rather than 256 px: the half of the saving that is not the
 * generation.)
 */
const WIDTH = 512;
/**
 * The read-back light, scaled to light a model as the generated one does: measured on the demo's mirror
 * from six camera angles against model-viewer's own generation (mean difference per channel 0.04 to 1.7
 * of 255 at 1.3; 0.2 to 4.2 unscaled). Why the read-back is dimmer was not found.
 */
const MATCH = 1.3;
const server = await createServer({ root: 'scripts/bake-environment', logLevel: 'error', server: { port: 0 } });
await server.listen();
const url = server.resolvedUrls!.local[0]!;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--enable-unsafe-swiftshader', '--headless'],
});
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error(e));
  await page.goto(url);
  await page.waitForFunction(() => document.title === 'ready');
  const img = await page.evaluate(
    (w) => (window as unknown as { bake(w: number): Promise<{ width: number; height: number; data: number[] }> }).bake(w),
    WIDTH,
  );
  // readPixels gives the bottom row first; a Radiance file starts at the top (-Y).
  const bytes = encodeRadiance(img.width, img.height, (x, y) => {
    const i = ((img.height - 1 - y) * img.width + x) * 4;
    return [img.data[i]! * MATCH, img.data[i + 1]! * MATCH, img.data[i + 2]! * MATCH];
  });
  writeFileSync('src/viewer/neutral-environment.hdr', bytes);
  console.log(`src/viewer/neutral-environment.hdr: ${img.width} x ${img.height}, ${bytes.length} bytes`);
} finally {
  await browser.close();
  await server.close();
}
