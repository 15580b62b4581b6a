// The 40-model round (3 versions, 200 pins each): the page's long tasks (PerformanceObserver longtask,
// over 50 ms) while opening the round, scrolling the model list down and up with the wheel, opening
// pins from the pin list (each until its thread shows and the camera has come to rest on it), and
// turning the model with the mouse.
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../../tests/support/server.ts';
import { longTasksSince, nextFrame, now, startFrames, stopFrames } from './probes.ts';
import { traced } from './cpu-trace.ts';
import { modelLoaded, profiled, signedIn } from './session.ts';
import { stats } from '../support/stats.ts';

const LONG = 50;

/** Runs a part: the long tasks the page saw (PerformanceObserver), and the same tasks' CPU from a trace. */
async function part(page: Page, name: string, run: () => Promise<void>) {
  await nextFrame(page);
  const from = await now(page);
  const { tasks: cpu } = await traced(page, () => profiled(page, name, run));
  await nextFrame(page);
  const tasks = (await longTasksSince(page, from)).filter((t) => t.duration > LONG);
  const ms = tasks.map((t) => Math.round(t.duration));
  return {
    long_tasks: tasks.length,
    longest_ms: Math.max(0, ...ms),
    long_task_ms: ms,
    ms: Math.round((await now(page)) - from),
    cpu,
  };
}

/** Waits, frame by frame, until the camera has come to rest on the pin's position. */
function cameraAt(page: Page, position: number[]) {
  return page.waitForFunction(
    (want) => {
      const mv = document.querySelector('[data-testid="review-viewer"] model-viewer') as
        (HTMLElement & { getCameraTarget(): { x: number; y: number; z: number } }) | null;
      const t = mv?.getCameraTarget();
      return !!t && [t.x, t.y, t.z].every((v, i) => Math.abs(v - want[i]!) < 1e-3);
    },
    position,
    { polling: 'raf', timeout: 30_000 },
  );
}

export interface PinRow {
  number: number;
  target: 'model' | 'render';
  position: number[];
}

export async function measureBigRound(browser: Browser, s: TestServer, url: string, pins: PinRow[]) {
  const { context, page } = await signedIn(browser, s);
  try {
    const opened = await profiled(page, 'big-open', async () => {
      await page.goto(url);
      await modelLoaded(page);
      await nextFrame(page);
      const tasks = (await longTasksSince(page, 0)).filter((t) => t.duration > LONG).map((t) => Math.round(t.duration));
      return {
        long_tasks: tasks.length,
        longest_ms: Math.max(0, ...tasks),
        long_task_ms: tasks,
        ms: Math.round(await now(page)),
      };
    });

    const list = (await page.getByTestId('model-list').boundingBox())!;
    await page.mouse.move(list.x + list.width / 2, list.y + list.height / 2);
    const scroll = await part(page, 'big-scroll', async () => {
      for (const dy of [...Array(25).fill(120), ...Array(25).fill(-120)]) {
        await page.mouse.wheel(0, dy);
        await nextFrame(page);
      }
    });

    // Open pins, as they come in the list (its default filter shows the open ones): model and render pins.
    // CSS selectors only: a role query walks the page's accessibility tree, a long task of the bench's own.
    const pinList = page.locator('ul[aria-label="Pins of this version"]');
    // A model pin: its thread under the list, then back up to the model (as a reviewer looks at it), the
    // camera at rest on the pin; a render pin: the render on the stage.
    const openOne = async (p: PinRow) => {
      await pinList.locator(`[data-item-id="${p.number}"]`).click();
      await page.locator(`[data-testid="pin-thread"] ol[aria-label="Thread of pin ${p.number}"]`).waitFor();
      if (p.target === 'render') return page.locator('[data-render-frame]').waitFor();
      await page.locator('#content').evaluate((el) => el.scrollTo(0, 0));
      await modelLoaded(page);
      await cameraAt(page, p.position);
    };
    const model = pins.filter((p) => p.target === 'model').slice(0, 8);
    const render = pins.filter((p) => p.target === 'render').slice(0, 2);
    const modelPins = await part(page, 'big-pins-model', async () => {
      for (const p of model) await openOne(p);
    });
    // A render pin puts the render on the stage; the next model pin brings the model back.
    const renderPins = await part(page, 'big-pins-render', async () => {
      for (const p of [render[0]!, model[0]!, render[1]!, model[1]!]) await openOne(p);
    });

    await page.locator('#content').evaluate((el) => el.scrollTo(0, 0));
    const viewer = (await page.getByTestId('review-viewer').boundingBox())!;
    // From the left of the view (the floor, no pin there) across the model.
    const [x0, y0] = [viewer.x + 40, viewer.y + viewer.height / 2];
    let turnFrames: number[] = [];
    const turn = await part(page, 'big-turn', async () => {
      await page.mouse.move(x0, y0);
      await page.mouse.down();
      await startFrames(page);
      for (let i = 1; i <= 60; i++) {
        await page.mouse.move(x0 + i * 5, y0 + Math.sin(i / 8) * 20);
        await nextFrame(page);
      }
      await page.mouse.up();
      turnFrames = await stopFrames(page);
    });
    return {
      open_round: opened,
      scroll_model_list: scroll,
      open_pins: {
        model_pins: { pins: model.map((p) => p.number), ...modelPins },
        render_and_back: { pins: [render[0]!, model[0]!, render[1]!, model[1]!].map((p) => p.number), ...renderPins },
      },
      turn_model: { ...turn, frame_interval_ms: stats(turnFrames, 1) },
    };
  } finally {
    await context.close();
  }
}
