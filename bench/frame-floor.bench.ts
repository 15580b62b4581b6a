// `npx tsx bench/frame-floor.bench.ts`: the keystroke measure's floor on a blank page (one input, no
// script of ours), to set beside bench:web's floor on the catalogue: what a key that changes nothing
// measures when it lands at a random point of the frame (bench/web/frame-floor.ts). Prints only.
import { launchChromium } from '../tests/support/browser.ts';
import { floorLine, measureFrameFloor } from './web/frame-floor.ts';

const RUNS = Number(process.env.FLOOR_RUNS ?? 3);

const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
  await context.addInitScript('globalThis.__name ??= (f) => f;'); // tsx's helper, absent in the page
  const page = await context.newPage();
  await page.goto('about:blank');
  await page.setContent('<label>Name or SKU <input></label>');
  for (let run = 0; run < RUNS; run++) {
    const f = await measureFrameFloor(page, 200);
    console.log(`[frame-floor] blank page, run ${run + 1}: ${floorLine(f)}`);
  }
} finally {
  await browser.close();
}
