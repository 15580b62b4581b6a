// The frame metric's floor: how often the page gets a frame while idle (rAF to rAF), and the time
// from a key that changes nothing on screen (ArrowLeft/ArrowRight in the search box: no input event,
// no render) to the next rAF callback. That wait is the part of "frame" that no work on the page can
// remove. Pressed in a tight loop, the keys land at one point of the frame (just after the previous
// one), so `noop_key_to_frame_ms` understates it; a user's keys, like the keystroke bench's, land at
// any point, so `noop_key_random_phase_ms` presses each one after a random part of a frame interval,
// watched as bench/web/keystrokes.ts watches a key (a rAF loop from before it until the first frame
// after it): its p95 is the keystroke p95 of a page that does no work at all.
import type { Page } from 'playwright-core';
import { stats } from '../support/stats.ts';

export interface FrameFloor {
  idle_interval_ms: number[];
  noop_key_to_frame_ms: number[];
  noop_key_random_phase_ms: number[];
}

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
  const interval = [...idle].sort((a, b) => a - b)[idle.length >> 1]!;
  const box = page.getByLabel('Name or SKU');
  await box.focus();
  const noopKeys = async (randomPhase: boolean) => {
    const out: number[] = [];
    for (let i = 0; i < keys; i++) {
      await page.evaluate(
        async ({ randomPhase, interval }) => {
          const w = window as unknown as { __noop: Promise<number> };
          if (!randomPhase) {
            w.__noop = new Promise((resolve) =>
              document.addEventListener('keydown', (e) => requestAnimationFrame(() => resolve(performance.now() - e.timeStamp)), {
                capture: true,
                once: true,
              }),
            );
            return;
          }
          // As the keystrokes are measured: a rAF loop watching from before the key until a frame after it.
          let key: number | undefined;
          document.addEventListener('keydown', (e) => (key = e.timeStamp), { capture: true, once: true });
          w.__noop = new Promise((resolve) => {
            const frame = () => requestAnimationFrame(() => (key === undefined ? frame() : resolve(performance.now() - key)));
            frame();
          });
          // A random point of the frame (a bench's sampling, not a wait for a condition).
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, Math.random() * interval)));
        },
        { randomPhase, interval },
      );
      await page.keyboard.press(i % 2 ? 'ArrowRight' : 'ArrowLeft');
      out.push(await page.evaluate(() => (window as unknown as { __noop: Promise<number> }).__noop));
    }
    return out;
  };
  return { idle_interval_ms: idle, noop_key_to_frame_ms: await noopKeys(false), noop_key_random_phase_ms: await noopKeys(true) };
}

/** The floor in one line of a bench's log. */
export function floorLine(f: FrameFloor): string {
  const line = (xs: number[]) => JSON.stringify(stats(xs, 1));
  return `frame floor: idle rAF interval ${line(f.idle_interval_ms)}; a key that changes nothing, to the next frame: ${line(f.noop_key_random_phase_ms)} at a random point of the frame, ${line(f.noop_key_to_frame_ms)} pressed in a tight loop`;
}
