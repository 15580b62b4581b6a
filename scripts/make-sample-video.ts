// Records the demo seed's automation video once (run: npx tsx scripts/make-sample-video.ts); the MP4 is committed.
// The Armchair's model turning once on the studio floor (issue 43): its 48 views drawn here by the demo's
// own renderer (demo-layers.ts), shown one after the other on a canvas that Chromium's MediaRecorder
// encodes as H.264, so nothing is downloaded and no encoder has to be installed.
import { writeFileSync } from 'node:fs';
import { launchChromium } from '../tests/support/browser.ts';
import { DEMO_USDZ_KIND, DEMO_VIDEO } from '../server/db/demo-assets.ts';
import { studioPicture } from '../server/db/demo-layers.ts';
import { KINDS } from '../server/db/seed-kinds.ts';

const VIEWS = 48;
const SIZE = 360;
const SECONDS = 4;
const kind = KINDS.find((k) => k.slug === DEMO_USDZ_KIND)!;
const floor = '<rect width="2400" height="2400" fill="#f4f1ec"/>';
const frames: string[] = [];
for (let i = 0; i < VIEWS; i++) {
  const png = await (await studioPicture(kind, 0, (i * 360) / VIEWS, SIZE, floor)).png().toBuffer();
  frames.push(`data:image/png;base64,${png.toString('base64')}`);
}

const browser = await launchChromium();
const page = await browser.newPage();
// Passed as text: tsx's helpers (__name) do not exist in the page.
const bytes = (await page.evaluate(`(async (frames) => {
  const pictures = await Promise.all(frames.map((src) => new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.src = src;
  })));
  const canvas = document.createElement('canvas');
  canvas.width = ${SIZE};
  canvas.height = ${SIZE};
  const g = canvas.getContext('2d');
  g.drawImage(pictures[0], 0, 0);
  const recorder = new MediaRecorder(canvas.captureStream(24), { mimeType: 'video/mp4;codecs=avc1', videoBitsPerSecond: 400_000 });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  const t0 = performance.now();
  await new Promise((resolve) => {
    const draw = () => {
      const t = (performance.now() - t0) / ${SECONDS * 1000};
      g.drawImage(pictures[Math.min(pictures.length - 1, Math.floor(t * pictures.length))], 0, 0);
      if (t < 1) requestAnimationFrame(draw);
      else resolve();
    };
    draw();
  });
  recorder.stop();
  await done;
  return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
})(${JSON.stringify(frames)})`)) as number[];
await browser.close();
writeFileSync(DEMO_VIDEO, Buffer.from(bytes));
console.log(`${DEMO_VIDEO}: ${bytes.length} bytes`);
