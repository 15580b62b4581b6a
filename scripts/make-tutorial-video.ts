// Records the registration tutorial once (run: npx tsx scripts/make-tutorial-video.ts); the MP4 and its
// captions are committed under public/tutorials. Chromium's MediaRecorder encodes a canvas animation
// (the three steps of Add Products) as H.264, so nothing is downloaded and no encoder is installed.
import { writeFileSync } from 'node:fs';
import { launchChromium } from '../tests/support/browser.ts';

const OUT = 'public/tutorials/register-products';
const STEPS = [
  { title: '1. Add a product', text: 'Give it a name or a SKU. Add more products to the batch on the left.' },
  { title: '2. Add its images and files', text: 'Drop pictures and technical files; check specs, categories and tags.' },
  { title: '3. SEND', text: 'Every product is sent. Offline, the batch waits on this device.' },
];
const SECONDS_PER_STEP = 3;

const browser = await launchChromium();
const page = await browser.newPage();
// Passed as text: tsx's helpers (__name) do not exist in the page.
const bytes = (await page.evaluate(`(async () => {
  const steps = ${JSON.stringify(STEPS)};
  const W = 640, H = 360, per = ${SECONDS_PER_STEP} * 1000;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const g = canvas.getContext('2d');
  const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/mp4;codecs=avc1', videoBitsPerSecond: 90_000 });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((resolve) => (recorder.onstop = resolve));
  const box = (x, y, w, h, fill, stroke) => {
    g.fillStyle = fill;
    g.beginPath();
    g.roundRect(x, y, w, h, 8);
    g.fill();
    if (stroke) { g.strokeStyle = stroke; g.lineWidth = 1.5; g.stroke(); }
  };
  recorder.start();
  const t0 = performance.now();
  await new Promise((resolve) => {
    const draw = () => {
      const t = performance.now() - t0;
      const i = Math.min(steps.length - 1, Math.floor(t / per));
      const p = Math.min(1, (t - i * per) / 900);
      g.fillStyle = '#f6f7f9';
      g.fillRect(0, 0, W, H);
      // The batch list and the form, drawn as the screen is laid out.
      box(24, 24, 170, 312, '#ffffff', '#e1e5eb');
      for (let k = 0; k <= i; k++) box(36, 40 + k * 52, 146, 42, k === i ? '#e9eff7' : '#ffffff', k === i ? '#a9bdd6' : '#e1e5eb');
      box(36, 290, 146, 30, '#1f3a5f');
      g.fillStyle = '#ffffff';
      g.font = '600 13px sans-serif';
      g.fillText('SEND', 92, 310);
      box(210, 24, 406, 312, '#ffffff', '#e1e5eb');
      if (i >= 1) for (let k = 0; k < 3; k++) box(226 + k * 92, 130, 80, 80, ['#c9b79c', '#8fa9c4', '#9cbf9f'][k], '#e1e5eb');
      if (i === 2) { g.globalAlpha = p; box(226, 230, 374, 40, '#ecf8f1', '#a6dcbb'); g.fillStyle = '#17723f'; g.font = '600 14px sans-serif'; g.fillText('Products sent successfully', 242, 255); g.globalAlpha = 1; }
      g.globalAlpha = p;
      g.fillStyle = '#111827';
      g.font = '700 22px sans-serif';
      g.fillText(steps[i].title, 226, 66);
      g.fillStyle = '#4a5567';
      g.font = '14px sans-serif';
      g.fillText(steps[i].text, 226, 96, 380);
      g.globalAlpha = 1;
      if (t < steps.length * per) requestAnimationFrame(draw);
      else resolve();
    };
    draw();
  });
  recorder.stop();
  await done;
  return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
})()`)) as number[];
await browser.close();
writeFileSync(`${OUT}.mp4`, Buffer.from(bytes));
const at = (s: number) => `00:00:${String(s).padStart(2, '0')}.000`;
writeFileSync(
  `${OUT}.vtt`,
  `WEBVTT\n\n${STEPS.map((s, i) => `${at(i * SECONDS_PER_STEP)} --> ${at((i + 1) * SECONDS_PER_STEP)}\n${s.title}: ${s.text}`).join('\n\n')}\n`,
);
console.log(`${OUT}.mp4: ${bytes.length} bytes`);
