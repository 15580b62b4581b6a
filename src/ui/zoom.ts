// Image viewer zoom (document 1 §9): the wheel changes the scale by 0.1; it never goes down to 0.1.
export const ZOOM_STEP = 0.1;
export const ZOOM_MIN = 0.1 + 1e-6;
export const ZOOM_MAX = 10;

/** deltaY < 0 (wheel up) zooms in. */
export function wheelZoom(scale: number, deltaY: number): number {
  const next = Math.round((scale + (deltaY < 0 ? ZOOM_STEP : -ZOOM_STEP)) * 10) / 10;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, next));
}
