// A virtualised thumbnail grid: only the rows in view (plus a few) are in the DOM, so 100,000
// products scroll as smoothly as 60. Columns follow the thumbnail size (document 2 §9).
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { gridColumns, type ThumbSize } from './catalog-rules.ts';
import styles from './catalog.module.css';

const GAP = 12;
const CAPTION = 52;

interface Props<T> {
  items: readonly T[];
  size: ThumbSize;
  label: string;
  keyOf: (item: T) => number;
  render: (item: T, cell: number) => React.ReactNode;
}

function Grid<T>({ items, size, label, keyOf, render }: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth - 2 * GAP);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const { columns, cell } = gridColumns(size, Math.max(width, 0), GAP);
  const rowHeight = Math.round(cell) + CAPTION + GAP;
  const rows = Math.ceil(items.length / columns);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const v = useVirtualizer({ count: rows, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 3 });
  useLayoutEffect(() => v.measure(), [v, rowHeight]);
  return (
    <section className={styles.grid} ref={scroller} aria-label={label} tabIndex={-1} data-testid="catalog-grid">
      <div style={{ height: v.getTotalSize(), position: 'relative' }}>
        {width > 0 &&
          v.getVirtualItems().map((r) => (
            <div
              key={r.key}
              className={styles.gridRow}
              data-testid="grid-row"
              style={{ transform: `translateY(${r.start}px)`, gridTemplateColumns: `repeat(${columns}, ${size === 'big' ? '1fr' : `${cell}px`})`, gap: GAP }}
            >
              {items.slice(r.index * columns, r.index * columns + columns).map((it) => (
                <div key={keyOf(it)} className={styles.gridCell} data-testid="grid-cell" style={{ height: rowHeight - GAP }}>
                  {render(it, cell)}
                </div>
              ))}
            </div>
          ))}
      </div>
    </section>
  );
}

/** Re-renders only when its items (the query's cached array), size or callbacks change. */
export const CatalogGrid = memo(Grid) as typeof Grid;
