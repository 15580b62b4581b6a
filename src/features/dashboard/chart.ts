// Chart.js, registered with only the pieces the dashboard draws (bars and doughnuts), so the
// dashboard's chunk carries about a third of the library and /login none of it. Colours come from
// the design tokens at draw time.
import { useEffect, useRef } from 'react';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, DoughnutController, ArcElement, Tooltip);

/** A design token's value ('--color-success'), for canvas drawing. */
export function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

const reducedMotion = () => typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Draws `config()` on the returned canvas ref; redrawn when `key` changes, destroyed on unmount. */
export function useChart(config: () => ChartConfiguration, key: string) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    Chart.defaults.font.family = token('--font-sans') || 'Inter, sans-serif';
    Chart.defaults.color = token('--color-text-secondary');
    const c = config();
    const chart = new Chart(canvas.current, {
      ...c,
      options: { ...c.options, animation: reducedMotion() ? false : c.options?.animation },
    });
    return () => chart.destroy();
    // config is rebuilt each render; key says when its data changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return canvas;
}
