// Which rendered view a spin's frame shows. The studio's layers exist for some angles (the demo has 8);
// a turn of N frames shows at frame i the view nearest to i × 360 / N degrees, so 24 and 48 frames come
// from one set of renders, and frames of the same view share its files.

/** Circular distance between two angles in degrees. */
const apart = (a: number, b: number) => {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
};

/** The index into `angles` of the view frame `i` of `n` shows (ties go to the earlier view). */
export function viewOfFrame(angles: readonly number[], i: number, n: number): number {
  const target = (i * 360) / n;
  let best = 0;
  for (let v = 1; v < angles.length; v++) if (apart(angles[v]!, target) < apart(angles[best]!, target) - 1e-9) best = v;
  return best;
}

/** The view of every frame of a turn of `n`. */
export const framesOfTurn = (angles: readonly number[], n: number): number[] =>
  angles.length ? Array.from({ length: n }, (_, i) => viewOfFrame(angles, i, n)) : [];
