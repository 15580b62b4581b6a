// Records the demo seed's automation video once (run: npx tsx scripts/make-sample-video.ts); the MP4 is committed.
// Chromium's MediaRecorder encodes a canvas animation (a turning silhouette on a studio floor) as H.264,
// so nothing is downloaded and no encoder has to be installed.
import { writeFileSync } from 'node:fs';
import { launchChromium } from '../tests/support/browser.ts';

const OUT = 'server/db/seed-assets/turntable.mp4';

const browser = await launchChromium();
const page = await browser.newPage();
// Passed as text: tsx's helpers (__name) do not exist in the page.
const bytes = (await page.evaluate(`(async () => {
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 240;
  const g = canvas.getContext('2d');
  const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/mp4;codecs=avc1', videoBitsPerSecond: 60_000 });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  const t0 = performance.now();
  await new Promise((resolve) => {
    const draw = () => {
      const t = (performance.now() - t0) / 2000;
      const turn = Math.cos(t * Math.PI * 2);
      g.fillStyle = '#f4f1ec';
      g.fillRect(0, 0, 320, 240);
      g.fillStyle = 'rgba(0,0,0,.18)';
      g.beginPath();
      g.ellipse(160, 196, 90, 12, 0, 0, Math.PI * 2);
      g.fill();
      const w = 40 + 110 * Math.abs(turn);
      g.fillStyle = turn >= 0 ? '#588b8b' : '#3f6666';
      g.fillRect(160 - w / 2, 110, w, 80);
      g.fillRect(160 - w / 2, 70, w, 50);
      if (t < 1) requestAnimationFrame(draw);
      else resolve();
    };
    draw();
  });
  recorder.stop();
  await done;
  return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
})()`)) as number[];
await browser.close();
writeFileSync(OUT, Buffer.from(bytes));
console.log(`${OUT}: ${bytes.length} bytes`);
