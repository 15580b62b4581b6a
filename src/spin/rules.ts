// The spin player's pure rules (document 3 §2 "360 panel additions", §9; issues 14 and 27): the two
// drag rules (the uploaded-photos carousel's steps, the 360 turn per stage width), inertia, wrapping,
// the frame loading order and the nearest loaded frame. No DOM here, so they are unit-tested.

/** Document 3 §9, the uploaded-photos carousel: mouse drag dead zone 3 px, divisor 2, maximum step 10. */
export const DRAG = { deadZone: 3, divisor: 2, maxStep: 10 } as const;

/**
 * Frames to move for a pointer that travelled `dx` px since the last step: under the dead zone
 * nothing (and the caller keeps its anchor, so slow drags add up); otherwise half the distance,
 * toward zero, limited to ±maxStep. Dragging right moves forward.
 */
export function dragStep(dx: number): number {
  if (!Number.isFinite(dx) || Math.abs(dx) < DRAG.deadZone) return 0;
  const step = Math.trunc(dx / DRAG.divisor);
  return Math.max(-DRAG.maxStep, Math.min(DRAG.maxStep, step)) || 0;
}

/**
 * The 360 turn (issue 27): a drag across the whole stage is one full turn, so `dx` px move
 * `dx × n / width` frames, toward zero. `used` is the distance those frames account for: the caller
 * moves its anchor by that much only, so the remainder of a slow drag still counts.
 */
export function turnStep(dx: number, width: number, n: number): { step: number; used: number } {
  if (!Number.isFinite(dx) || !(width > 0) || n <= 0) return { step: 0, used: 0 };
  const step = Math.trunc((dx * n) / width) || 0;
  return { step, used: (step * width) / n };
}

/** Inertia after a flick: the speed (px/ms) decays with this time constant, and stops under MIN_SPEED. */
export const INERTIA = { tauMs: 325, minSpeed: 0.02, maxSpeed: 6 } as const;

/** One animation frame of inertia: the distance travelled in `dt` ms and the speed left. */
export function coast(speed: number, dt: number): { dx: number; speed: number } {
  const v = Math.max(-INERTIA.maxSpeed, Math.min(INERTIA.maxSpeed, speed));
  const left = v * Math.exp(-Math.max(0, dt) / INERTIA.tauMs);
  // The integral of v·e^(-t/τ) over dt: what the decaying speed covers.
  return { dx: (v - left) * INERTIA.tauMs, speed: Math.abs(left) < INERTIA.minSpeed ? 0 : left };
}

/** `i` brought into 0..n-1: the player wraps around both ways. */
export const wrap = (i: number, n: number): number => (n > 0 ? ((i % n) + n) % n : 0);

/**
 * The order frames are fetched in: the poster (frame 0) first, then every 4th frame for a rough
 * full turn, then the gaps, coarsest first (every 2nd, then the rest), so the turn gets finer evenly.
 */
export function loadOrder(n: number, stride = 4): number[] {
  if (n <= 0) return [];
  const order: number[] = [0];
  const seen = new Set(order);
  for (let s = Math.max(1, stride); s >= 1; s = Math.floor(s / 2)) {
    for (let i = 0; i < n; i += s) {
      if (seen.has(i)) continue;
      seen.add(i);
      order.push(i);
    }
    if (s === 1) break;
  }
  return order;
}

/**
 * The loaded frame nearest to `target` (either way round the turn), preferring the side the
 * user is moving toward; -1 while nothing has loaded.
 */
export function nearestLoaded(target: number, loaded: ArrayLike<boolean>, direction: 1 | -1 = 1): number {
  const n = loaded.length;
  const t = wrap(target, n);
  for (let d = 0; d <= n / 2; d++) {
    const ahead = wrap(t + d * direction, n);
    if (loaded[ahead]) return ahead;
    const behind = wrap(t - d * direction, n);
    if (loaded[behind]) return behind;
  }
  return -1;
}

/** The key a focused player answers (arrows, Home, End); null for any other key. */
export function keyStep(key: string, index: number, n: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return wrap(index + 1, n);
    case 'ArrowLeft':
    case 'ArrowDown':
      return wrap(index - 1, n);
    case 'Home':
      return 0;
    case 'End':
      return n - 1;
    default:
      return null;
  }
}
