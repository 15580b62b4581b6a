// The spin player's rules (document 3 §2, §9; issues 14 and 27): the carousel's drag rule, the 360
// turn per stage width and its inertia, wrapping, the loading order, the nearest loaded frame while
// frames arrive, the keys, and the srcset the player gets.
import { describe, expect, it } from 'vitest';
import { coast, DRAG, dragStep, INERTIA, keyStep, loadOrder, nearestLoaded, turnStep, wrap } from '../../src/spin/rules.ts';
import { framesOf, frameOfWidths, framesOfUrls } from '../../src/spin/frames.ts';

describe('drag rule', () => {
  it('ignores movement under 3 px either way', () => {
    for (const dx of [0, 1, 2, 2.9, -1, -2, -2.9]) expect(dragStep(dx)).toBe(0);
    expect(DRAG.deadZone).toBe(3);
  });
  it('halves the movement, toward zero', () => {
    expect(dragStep(3)).toBe(1);
    expect(dragStep(4)).toBe(2);
    expect(dragStep(5)).toBe(2);
    expect(dragStep(-7)).toBe(-3);
    expect(dragStep(19)).toBe(9);
  });
  it('limits each step to ±10 frames', () => {
    expect(dragStep(20)).toBe(10);
    expect(dragStep(40)).toBe(10);
    expect(dragStep(-40)).toBe(-10);
    expect(dragStep(10_000)).toBe(10);
  });
  it('moves nothing for a non-finite distance', () => {
    expect(dragStep(Number.NaN)).toBe(0);
    expect(dragStep(Number.POSITIVE_INFINITY)).toBe(0);
  });
  it('wraps around both ways', () => {
    expect(wrap(24, 24)).toBe(0);
    expect(wrap(-1, 24)).toBe(23);
    expect(wrap(47 + 10, 48)).toBe(9);
    expect(wrap(3 - 10, 48)).toBe(41);
    expect(wrap(5, 0)).toBe(0);
  });
});

describe('360 turn: one full turn per stage width (issue 27)', () => {
  it('moves dx × n / width frames, toward zero, and says how much of the drag that used', () => {
    expect(turnStep(900, 900, 48)).toEqual({ step: 48, used: 900 });
    expect(turnStep(450, 900, 48)).toEqual({ step: 24, used: 450 });
    expect(turnStep(-40, 900, 48)).toEqual({ step: -2, used: -37.5 });
    expect(turnStep(18, 900, 48)).toEqual({ step: 0, used: 0 });
  });
  it('adds up a slow drag: the remainder stays with the anchor', () => {
    let anchor = 0;
    let frames = 0;
    for (let x = 2; x <= 450; x += 2) {
      const { step, used } = turnStep(x - anchor, 900, 48);
      frames += step;
      anchor += used;
    }
    expect(frames).toBe(24);
  });
  it('moves nothing for a stage without width, no frames or no number', () => {
    for (const [dx, w, n] of [
      [100, 0, 48],
      [100, 900, 0],
      [Number.NaN, 900, 48],
      [100, Number.NaN, 48],
    ] as const)
      expect(turnStep(dx, w, n)).toEqual({ step: 0, used: 0 });
  });
});

describe('inertia', () => {
  it('decays the speed and covers what the decaying speed covers', () => {
    const a = coast(1, 16);
    expect(a.speed).toBeCloseTo(Math.exp(-16 / INERTIA.tauMs));
    expect(a.dx).toBeCloseTo((1 - a.speed) * INERTIA.tauMs);
    expect(coast(-1, 16).dx).toBeCloseTo(-a.dx);
  });
  it('stops under the minimum speed, and limits a wild flick', () => {
    expect(coast(INERTIA.minSpeed * 1.01, 16).speed).toBe(0);
    expect(coast(1000, 0)).toEqual({ dx: 0, speed: INERTIA.maxSpeed });
    // A whole coast from the top speed ends, and within a bounded distance (speed × τ).
    let v: number = INERTIA.maxSpeed;
    let total = 0;
    let frames = 0;
    while (v !== 0 && frames < 1000) {
      const c = coast(v, 16);
      total += c.dx;
      v = c.speed;
      frames++;
    }
    expect(v).toBe(0);
    expect(total).toBeLessThanOrEqual(INERTIA.maxSpeed * INERTIA.tauMs);
  });
});

describe('loading order', () => {
  it('is the poster, then every 4th frame, then the gaps (every 2nd, then the rest)', () => {
    expect(loadOrder(12)).toEqual([0, 4, 8, 2, 6, 10, 1, 3, 5, 7, 9, 11]);
  });
  it('holds every frame exactly once for 24 and 48 frames, with the rough turn first', () => {
    for (const n of [24, 48]) {
      const order = loadOrder(n);
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(order.slice(0, n / 4)).toEqual(Array.from({ length: n / 4 }, (_, i) => i * 4));
      expect(order.slice(n / 4).every((i) => i % 4 !== 0)).toBe(true);
    }
  });
  it('copes with odd and tiny counts', () => {
    expect(loadOrder(0)).toEqual([]);
    expect(loadOrder(1)).toEqual([0]);
    expect(loadOrder(5)).toEqual([0, 4, 2, 1, 3]);
  });
});

describe('nearest loaded frame', () => {
  const loaded = (n: number, ...is: number[]) => Array.from({ length: n }, (_, i) => is.includes(i));
  it('is the frame itself once it has arrived', () => expect(nearestLoaded(5, loaded(24, 4, 5, 8))).toBe(5));
  it('is the closest arrived frame, across the wrap', () => {
    expect(nearestLoaded(7, loaded(24, 0, 4, 8))).toBe(8);
    expect(nearestLoaded(23, loaded(24, 0, 12))).toBe(0);
    expect(nearestLoaded(1, loaded(24, 20))).toBe(20);
  });
  it('prefers the side the user moves toward on a tie', () => {
    expect(nearestLoaded(6, loaded(24, 4, 8), 1)).toBe(8);
    expect(nearestLoaded(6, loaded(24, 4, 8), -1)).toBe(4);
  });
  it('is -1 while nothing has arrived', () => expect(nearestLoaded(3, loaded(24))).toBe(-1));
});

describe('keys (only while focused: the player listens on itself)', () => {
  it('steps with the arrows and wraps; Home and End go to the ends', () => {
    expect(keyStep('ArrowRight', 23, 24)).toBe(0);
    expect(keyStep('ArrowLeft', 0, 24)).toBe(23);
    expect(keyStep('ArrowUp', 3, 24)).toBe(4);
    expect(keyStep('ArrowDown', 3, 24)).toBe(2);
    expect(keyStep('Home', 9, 24)).toBe(0);
    expect(keyStep('End', 9, 24)).toBe(23);
    expect(keyStep('a', 9, 24)).toBeNull();
  });
});

describe('frames for the player', () => {
  it('builds a srcset by width, the smallest as src and the largest for full screen', () => {
    const f = frameOfWidths({ 2560: '/c.webp', 640: '/a.webp', 1280: '/b.webp' })!;
    expect(f).toEqual({
      src: '/a.webp',
      srcset: '/a.webp 640w, /b.webp 1280w, /c.webp 2560w',
      largest: '/c.webp',
      maxWidth: 2560,
    });
    expect(frameOfWidths({})).toBeUndefined();
  });
  it('orders by index and takes WebP, or JPEG without it', () => {
    const api = [
      { index: 1, webp: { 640: '/1.webp' }, jpeg: { 640: '/1.jpg' } },
      { index: 0, webp: { 640: '/0.webp' }, jpeg: { 640: '/0.jpg' } },
    ];
    expect(framesOf(api, true).map((f) => f.src)).toEqual(['/0.webp', '/1.webp']);
    expect(framesOf(api, false).map((f) => f.src)).toEqual(['/0.jpg', '/1.jpg']);
  });
  it('falls back to the other format when one has no widths', () => {
    expect(framesOf([{ index: 0, webp: {}, jpeg: { 640: '/0.jpg' } }], true).map((f) => f.src)).toEqual(['/0.jpg']);
  });
  it('takes plain photos as one file each', () =>
    expect(framesOfUrls(['/p.jpg'])).toEqual([{ src: '/p.jpg', largest: '/p.jpg' }]));
});
