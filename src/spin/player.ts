// The 360 spin player (issue 14) and the uploaded-photos carousel (issue 27): plain DOM, no framework,
// so the tiny /iframe/360 entry and the portal's React screens share it. Frames arrive progressively
// (loader.ts); dragging, touch and the keys follow rules.ts (a turn per stage width with inertia, or
// document 3's steps for the carousel); the stage is a focusable role="slider"; full screen asks for
// the largest width.
import { FrameLoader, type Generation } from './loader.ts';
import type { PlayerFrame } from './frames.ts';
import { coast, dragStep, INERTIA, keyStep, nearestLoaded, turnStep, wrap } from './rules.ts';
import { takeBackdrop } from '../viewer/backdrop.ts';
import './player.css';

export interface SpinOptions {
  frames: readonly PlayerFrame[];
  /** The slider's accessible name, e.g. '360 view of Oak chair'. */
  label: string;
  /** How wide the picture is shown (the srcset choice); the iframe fills its viewport. */
  sizes?: string;
  /** Turn on its own until the user takes over; never under prefers-reduced-motion. */
  autoplay?: boolean;
  /** Frames fetched at once. */
  concurrency?: number;
  onChange?: (index: number) => void;
  /**
   * 'turn' (the 360 player): a drag across the stage is one full turn, with inertia unless the user
   * prefers reduced motion. 'steps' (the uploaded-photos carousel, document 3 §2): 3 px dead zone,
   * half the movement, at most ±10 photos per step, no inertia.
   */
  drag?: 'turn' | 'steps';
  /** What one frame is called in the slider's value text and counter: 'Frame' (default) or 'Photo'. */
  unit?: string;
  /** The hint over the picture until first used. */
  hint?: string;
  /** A visible 'i / n' counter (the carousel). */
  counter?: boolean;
}

export interface SpinPlayer {
  readonly element: HTMLElement;
  readonly index: number;
  go(index: number): void;
  destroy(): void;
}

const FULLSCREEN_ICON =
  '<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M8 3H5a2 2 0 0 0-2 2v3m18 0V5a2 2 0 0 0-2-2h-3m0 18h3a2 2 0 0 0 2-2v-3M3 16v3a2 2 0 0 0 2 2h3"/></svg>';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent: HTMLElement): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  parent.append(e);
  return e;
}

export function createSpinPlayer(host: HTMLElement, o: SpinOptions): SpinPlayer {
  const n = o.frames.length;
  const sizes = o.sizes ?? '100vw';
  const root = el('div', 'spin', host);
  const stage = el('div', 'spin-stage', root);
  Object.assign(stage, { tabIndex: 0 });
  for (const [k, v] of Object.entries({
    role: 'slider',
    'aria-label': o.label,
    'aria-valuemin': '1',
    'aria-valuemax': String(n),
  }))
    stage.setAttribute(k, v);
  const img = el('img', 'spin-img', stage);
  Object.assign(img, { alt: '', draggable: false, decoding: 'sync' });
  img.setAttribute('fetchpriority', 'high');
  const hint = el('span', 'spin-hint', root);
  hint.textContent = o.hint ?? 'Drag to spin';
  hint.setAttribute('aria-hidden', 'true');
  const bar = el('span', 'spin-bar', root);
  bar.setAttribute('aria-hidden', 'true');
  const fill = el('span', '', bar);
  const unit = o.unit ?? 'Frame';
  const count = o.counter ? el('span', 'spin-count', root) : undefined;
  count?.setAttribute('aria-hidden', 'true');
  const mode = o.drag ?? 'turn';

  let index = 0;
  let direction: 1 | -1 = 1;
  let shown = -1;
  let shownGen: Generation | undefined;
  const listeners: Array<() => void> = [];
  const on = <T extends Event>(t: EventTarget, type: string, f: (e: T) => void) => {
    t.addEventListener(type, f as EventListener);
    listeners.push(() => t.removeEventListener(type, f as EventListener));
  };

  const show = (i: number, gen: Generation) => {
    if (i === shown && gen === shownGen) return;
    const f = o.frames[i]!;
    if (f.srcset) {
      img.sizes = gen.sizes;
      img.srcset = f.srcset;
    }
    img.src = f.src;
    shown = i;
    shownGen = gen;
  };
  const render = () => {
    const cur = loader.current;
    const i = nearestLoaded(index, cur.loaded, direction);
    if (i >= 0) return show(i, cur);
    const prev = loader.previous;
    const j = prev ? nearestLoaded(index, prev.loaded, direction) : -1;
    if (prev && j >= 0) show(j, prev);
  };
  const progress = () => {
    fill.style.transform = `scaleX(${loader.current.count / n})`;
    bar.hidden = loader.complete;
  };
  const loader = new FrameLoader(
    o.frames,
    sizes,
    () => {
      progress();
      render();
    },
    o.concurrency,
  );

  const go = (i: number, dir?: 1 | -1) => {
    const next = wrap(i, n);
    if (dir) direction = dir;
    if (next === index) return;
    index = next;
    value();
    render();
    o.onChange?.(index);
  };
  function value() {
    stage.setAttribute('aria-valuenow', String(index + 1));
    stage.setAttribute('aria-valuetext', `${unit} ${index + 1} of ${n}`);
    if (count) count.textContent = `${index + 1} / ${n}`;
  }
  value();

  // The poster is the visible picture's own first load; the other frames follow once it is in.
  if (n > 0) {
    show(0, loader.current);
    // The bands beside a frame of another shape take the frame's own ground (issue 43).
    takeBackdrop(img, root, '--spin-backdrop');
    const posterDone = () => {
      if (img.naturalWidth > 0) loader.mark(0);
      loader.start(0);
    };
    if (img.complete && img.naturalWidth > 0) posterDone();
    else {
      img.addEventListener('load', posterDone, { once: true });
      img.addEventListener('error', posterDone, { once: true });
    }
  }
  progress();

  // Autoplay: a full turn in about 4 s, until the user touches anything.
  const reduced = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  let timer = o.autoplay && !reduced() && n > 1 ? setInterval(() => go(index + 1, 1), Math.max(40, 4000 / n)) : undefined;
  let coasting = 0;
  const stopCoast = () => {
    if (coasting) cancelAnimationFrame(coasting);
    coasting = 0;
    root.removeAttribute('data-coasting');
  };
  const takeOver = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    stopCoast();
    root.classList.add('spin-used');
  };

  // Moves for a pointer `dx` px from the anchor; returns how far the anchor moves (0: it stays, so slow drags add up).
  const dragBy = (dx: number): number => {
    if (mode === 'steps') {
      const step = dragStep(dx);
      if (step) go(index + step, step > 0 ? 1 : -1);
      return step ? dx : 0;
    }
    const { step, used } = turnStep(dx, stage.clientWidth, n);
    if (step) go(index + step, step > 0 ? 1 : -1);
    return used;
  };
  // Inertia after a flick (the turn only, never under prefers-reduced-motion): the speed decays each frame.
  const startCoast = (speed: number) => {
    if (mode !== 'turn' || reduced() || Math.abs(speed) < INERTIA.minSpeed * 4) return;
    root.setAttribute('data-coasting', '');
    let carry = 0;
    let last = performance.now();
    const tick = (now: number) => {
      const c = coast(speed, now - last);
      last = now;
      speed = c.speed;
      carry += c.dx;
      carry -= dragBy(carry);
      if (speed === 0) return stopCoast();
      coasting = requestAnimationFrame(tick);
    };
    coasting = requestAnimationFrame(tick);
  };

  // Mouse and touch (document 3 §2, §9; issue 27): the anchor moves only by what was used.
  let anchor: number | undefined;
  let samples: Array<{ x: number; t: number }> = [];
  on<PointerEvent>(stage, 'pointerdown', (e) => {
    if (e.button !== 0) return;
    takeOver();
    anchor = e.clientX;
    samples = [{ x: e.clientX, t: e.timeStamp }];
    try {
      stage.setPointerCapture?.(e.pointerId);
    } catch {
      // a pointer no longer active (a script's event): the drag still works inside the stage
    }
    if (e.pointerType !== 'mouse') return;
    e.preventDefault(); // no text selection or image drag; focus as a click would
    stage.focus({ preventScroll: true });
  });
  on<PointerEvent>(stage, 'pointermove', (e) => {
    if (anchor === undefined) return;
    samples = [...samples.filter((p) => e.timeStamp - p.t < 100), { x: e.clientX, t: e.timeStamp }];
    anchor += dragBy(e.clientX - anchor);
  });
  const release = (e: PointerEvent) => {
    if (anchor === undefined) return;
    anchor = undefined;
    // The speed of the last 100 ms of the drag; a pointer held still before release has none.
    const recent = samples.filter((p) => e.timeStamp - p.t < 100);
    const [a, b] = [recent[0], recent.at(-1)];
    if (e.type === 'pointerup' && a && b && b.t > a.t) startCoast((b.x - a.x) / (b.t - a.t));
  };
  on(stage, 'pointerup', release);
  on(stage, 'pointercancel', release);
  // Only while focused: the listener is on the slider itself, never on the page.
  on<KeyboardEvent>(stage, 'keydown', (e) => {
    const to = keyStep(e.key, index, n);
    if (to === null || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    takeOver();
    go(to, e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -1 : 1);
  });

  // Full screen shows the largest width: the frames are fetched again at that size.
  if (document.fullscreenEnabled && o.frames.some((f) => f.srcset)) {
    const fs = el('button', 'spin-fs', root);
    fs.type = 'button';
    fs.innerHTML = FULLSCREEN_ICON;
    fs.setAttribute('aria-label', 'Full screen');
    on(
      fs,
      'click',
      () =>
        void (document.fullscreenElement === root ? document.exitFullscreen() : root.requestFullscreen()).catch(() => undefined),
    );
    on(document, 'fullscreenchange', () => {
      const full = document.fullscreenElement === root;
      fs.setAttribute('aria-label', full ? 'Exit full screen' : 'Full screen');
      const max = Math.max(...o.frames.map((f) => f.maxWidth ?? 0));
      loader.resize(full && max > 0 ? `${max}px` : sizes);
      progress();
      render();
    });
  }

  return {
    element: root,
    get index() {
      return index;
    },
    go: (i) => go(i, i >= index ? 1 : -1),
    destroy() {
      takeOver();
      loader.stop();
      for (const off of listeners) off();
      root.remove();
    },
  };
}
