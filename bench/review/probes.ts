// What the review bench watches inside the page. `installProbes` runs before every document of the
// context (addInitScript): it keeps the page's long tasks (PerformanceObserver longtask, buffered) and
// model-viewer's events (caught in the capture phase, as they do not bubble). The watchers are armed
// before the bench's click and resolve with times from that click's own timestamp (the event's
// timeStamp, on performance.now()'s clock) to the first animation frame at which the page shows the
// thing: as bench/web/keystrokes.ts times a key, performance.now() in the rAF callback that first sees it.
import type { Page } from 'playwright-core';

type Probed = Window & {
  __long: { start: number; duration: number }[];
  __mv: { type: string; t: number; src: string | null; visible?: boolean }[];
  __open?: Promise<OpenTimes>;
  __pin?: Promise<PinTimes>;
  __hits: number[];
};

export interface OpenTimes {
  /** Click to the frame showing the poster (or the model itself, if it came first). */
  poster: number;
  /** Which showed: model-viewer's own poster, an <img> poster of the page's, or the model drawn. */
  via: 'poster' | 'img' | 'model';
  /** Click to model-viewer's load event; click to the frame after its model-visibility (visible): it can be turned. */
  load: number;
  turnable: number;
}

export interface PinTimes {
  /** pointerup to the frame in which the draft marker stands at the click's point. */
  frame: number;
  /** pointerup to the marker in the DOM (not yet placed by model-viewer). */
  dom: number;
  /** The hit test (positionAndNormalFromPoint) this click made. */
  hit: number;
  /** pointerup to its listener running: the main thread was busy when the click came. */
  delay: number;
}

export function installProbes() {
  const w = window as unknown as Probed;
  w.__long = [];
  w.__mv = [];
  w.__hits = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__long.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  for (const type of ['load', 'model-visibility', 'error'])
    document.addEventListener(
      type,
      (e) => {
        const el = e.target as Element;
        if (el?.tagName !== 'MODEL-VIEWER') return;
        w.__mv.push({ type, t: performance.now(), src: el.getAttribute('src'), visible: (e as CustomEvent).detail?.visible });
      },
      true,
    );
}

/**
 * Arms the open watcher: the next click, then the model's poster, load and first visible frame. The
 * poster is on screen in the first frame at or after both its element showing it (the page's poster
 * <img>, or model-viewer's own poster with that background) and its file having arrived (Resource
 * Timing's responseEnd, read afterwards: entries are delivered late when a long task is running).
 */
export function armOpen(page: Page, want: { poster: string; glb: string }) {
  return page.evaluate(({ poster, glb }) => {
    const w = window as unknown as Probed;
    w.__open = new Promise<OpenTimes>((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`open of ${glb}: nothing after 120 s`)), 120_000);
      const frames: number[] = [];
      let shown: { t: number; via: OpenTimes['via'] } | undefined;
      let modelAt: number | undefined;
      let visibleAt: number | undefined;
      const showing = (): OpenTimes['via'] | null => {
        const stage = document.querySelector('[data-testid="model-stage"]');
        if ([...(stage?.querySelectorAll('img') ?? [])].some((i) => i.src.endsWith(poster))) return 'img';
        const mv = stage?.querySelector('model-viewer');
        if (!mv?.getAttribute('src')?.endsWith(glb)) return null;
        const slot = mv.shadowRoot?.querySelector('.slot.poster');
        const button = mv.shadowRoot?.querySelector<HTMLElement>('#default-poster');
        return slot?.classList.contains('show') && button?.style.backgroundImage.includes(poster) ? 'poster' : null;
      };
      const isVisible = () => {
        const mv = document.querySelector('[data-testid="model-stage"] model-viewer') as
          (Element & { modelIsVisible?: boolean }) | null;
        return !!mv?.modelIsVisible && !!mv.getAttribute('src')?.endsWith(glb);
      };
      const arrived = () =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.endsWith(poster))
          ?.responseEnd;
      document.addEventListener(
        'click',
        (e) => {
          const t0 = e.timeStamp;
          performance.mark('bench-open-click', { startTime: t0 });
          const frame = () => {
            const now = performance.now();
            frames.push(now);
            if (!shown) {
              const via = showing();
              if (via) shown = { t: now, via };
            }
            if (modelAt === undefined && isVisible()) modelAt = now;
            const load = w.__mv.find((x) => x.type === 'load' && x.t >= t0 && x.src?.endsWith(glb));
            if (w.__mv.some((x) => x.type === 'error' && x.t >= t0))
              return reject(new Error(`model-viewer error opening ${glb}`));
            visibleAt ??= w.__mv.find((x) => x.type === 'model-visibility' && x.visible && x.t >= t0)?.t;
            const end = arrived();
            if (load && visibleAt !== undefined && now > visibleAt && (end !== undefined || modelAt !== undefined)) {
              // The first frame with the poster's element and its file, unless the model was drawn before.
              const ready = shown && end !== undefined ? frames.find((f) => f >= Math.max(shown!.t, end)) : undefined;
              const first =
                ready !== undefined && (modelAt === undefined || ready <= modelAt)
                  ? { t: ready, via: shown!.via }
                  : { t: modelAt ?? now, via: 'model' as const };
              clearTimeout(guard);
              return resolve({ poster: first.t - t0, via: first.via, load: load.t - t0, turnable: now - t0 });
            }
            requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        },
        { capture: true, once: true },
      );
    });
  }, want);
}

export const openTimes = (page: Page) => page.evaluate(() => (window as unknown as Probed).__open!);

/** Wraps the viewer's hit test, so that each call's own time is kept. */
export function timeHitTests(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as Probed;
    type Hit = (x: number, y: number) => unknown;
    const mv = document.querySelector('[data-testid="review-viewer"] model-viewer') as HTMLElement & {
      positionAndNormalFromPoint: Hit;
    };
    const own = Object.getPrototypeOf(mv).positionAndNormalFromPoint as Hit;
    mv.positionAndNormalFromPoint = (x, y) => {
      const t = performance.now();
      const hit = own.call(mv, x, y);
      w.__hits.push(performance.now() - t);
      return hit;
    };
  });
}

/** Arms the pin watcher: the next pointerup, then a new draft marker in the DOM and at the click's point. */
export function armPin(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as Probed;
    const hits = w.__hits.length;
    w.__pin = new Promise<PinTimes>((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error('no draft pin 30 s after the click')), 30_000);
      const before = new Set(document.querySelectorAll('[slot^="hotspot-pin-draft-"]'));
      const fresh = () => [...document.querySelectorAll<HTMLElement>('[slot^="hotspot-pin-draft-"]')].find((m) => !before.has(m));
      document.addEventListener(
        'pointerup',
        (e) => {
          const t0 = e.timeStamp;
          const delay = performance.now() - t0;
          let dom: number | undefined;
          const mo = new MutationObserver(() => {
            if (dom === undefined && fresh()) dom = performance.now() - t0;
          });
          mo.observe(document.body, { childList: true, subtree: true });
          const frame = () => {
            const now = performance.now();
            const m = fresh();
            const r = m?.getBoundingClientRect();
            // Placed: model-viewer has moved it onto the click's point (it is drawn at 0, 0 until then).
            if (r && r.width > 0 && Math.hypot(r.x + r.width / 2 - e.clientX, r.y + r.height / 2 - e.clientY) < 24) {
              mo.disconnect();
              clearTimeout(guard);
              const hit = w.__hits.slice(hits).reduce((a, b) => a + b, 0);
              return resolve({ frame: now - t0, dom: dom ?? now - t0, hit, delay });
            }
            requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        },
        { capture: true, once: true },
      );
    });
  });
}

export const pinTimes = (page: Page) => page.evaluate(() => (window as unknown as Probed).__pin!);

/** The measure's floor: a click that changes nothing, from its pointerup to the next frame. */
export async function noopClick(page: Page, x: number, y: number): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __noop: Promise<number> };
    w.__noop = new Promise((resolve) =>
      document.addEventListener('pointerup', (e) => requestAnimationFrame(() => resolve(performance.now() - e.timeStamp)), {
        capture: true,
        once: true,
      }),
    );
  });
  await page.mouse.click(x, y);
  return page.evaluate(() => (window as unknown as { __noop: Promise<number> }).__noop);
}

/** The long tasks the page has had since `from` (performance.now()). */
export const longTasksSince = (page: Page, from: number) =>
  page.evaluate((t) => (window as unknown as Probed).__long.filter((x) => x.start + x.duration > t), from);

export const now = (page: Page) => page.evaluate(() => performance.now());

/** Resolves at the page's next animation frame (the page has drawn what it had). */
export const nextFrame = (page: Page) => page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(r)));

/**
 * Resolves once the page draws at the display's rate again (three frames in a row within 1.5 intervals
 * of 16.7 ms): the last action's frames (model-viewer's software WebGL) are over before the next click.
 * On a machine too busy for that, after 10 s anyway (the bench goes on; its load figure says why).
 */
export const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const guard = setTimeout(resolve, 10_000);
        let last = 0;
        let calm = 0;
        const tick = (t: number) => {
          calm = last && t - last < 25 ? calm + 1 : 0;
          last = t;
          if (calm < 3) return void requestAnimationFrame(tick);
          clearTimeout(guard);
          resolve();
        };
        requestAnimationFrame(tick);
      }),
  );

/** Starts keeping rAF-to-rAF intervals until `stopFrames`. */
export const startFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framing: boolean };
    w.__frames = [];
    w.__framing = true;
    let last = 0;
    const tick = (t: number) => {
      if (last) w.__frames.push(t - last);
      last = t;
      if (w.__framing) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

export const stopFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framing: boolean };
    w.__framing = false;
    return w.__frames;
  });

/** rAF to rAF while idle: the display's frame interval on this page. */
export const frameIntervals = (page: Page, n = 120) =>
  page.evaluate(
    (n) =>
      new Promise<number[]>((resolve) => {
        const out: number[] = [];
        let last = 0;
        const tick = (t: number) => {
          if (last) out.push(t - last);
          last = t;
          if (out.length < n) requestAnimationFrame(tick);
          else resolve(out);
        };
        requestAnimationFrame(tick);
      }),
    n,
  );
