// The frame metric's floor (not part of the keystroke figure): how often the page gets a frame while
// idle (rAF to rAF), and the time from a key that changes nothing on screen (ArrowLeft/ArrowRight in
// the search box: no input event, no render) to the next rAF callback. That wait is the part of
// "frame" that no work on the page can remove: its p95 bounds the keystroke p95 from below.
import type { Page } from 'playwright-core';

export interface FrameFloor { idle_interval_ms: number[]; noop_key_to_frame_ms: number[] }

export async function measureFrameFloor(page: Page, keys = 100): Promise<FrameFloor> {
  const idle = await page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const out: number[] = [];
        let last = 0;
        const tick = (now: number) => {
          if (last) out.push(now - last);
          last = now;
          if (out.length < 240) requestAnimationFrame(tick);
          else resolve(out);
        };
        requestAnimationFrame(tick);
      }),
  );
  const box = page.getByLabel('Name or SKU');
  await box.focus();
  const noop: number[] = [];
  for (let i = 0; i < keys; i++) {
    await page.evaluate(() => {
      const w = window as unknown as { __noop: Promise<number> };
      w.__noop = new Promise((resolve) =>
        document.addEventListener('keydown', (e) => requestAnimationFrame(() => resolve(performance.now() - e.timeStamp)), { capture: true, once: true }),
      );
    });
    await page.keyboard.press(i % 2 ? 'ArrowRight' : 'ArrowLeft');
    noop.push(await page.evaluate(() => (window as unknown as { __noop: Promise<number> }).__noop));
  }
  return { idle_interval_ms: idle, noop_key_to_frame_ms: noop };
}
