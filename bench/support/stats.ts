/** Median, p95 and max of a bench's samples (the sample at that rank), rounded to `digits` when given. */
export function stats(xs: readonly number[], digits?: number) {
  const s = [...xs].sort((a, b) => a - b);
  const round = (v: number) => (digits === undefined ? v : Number(v.toFixed(digits)));
  const at = (q: number) => round(s[Math.min(s.length - 1, Math.floor(q * s.length))]!);
  return { median: at(0.5), p95: at(0.95), max: at(1), n: s.length };
}
