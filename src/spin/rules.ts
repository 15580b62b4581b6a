// The spin player's pure rules (document 3 §2 "360 panel additions", §9; issue 14): the drag rule,
// wrapping, the frame loading order and the nearest loaded frame. No DOM here, so they are unit-tested.

/** Document 3 §9: mouse drag dead zone 3 px, divisor 2, maximum step 10. */
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
