// A virtualised thumbnail grid: only the rows in view (plus one) are in the DOM, so 100,000
// products scroll as smoothly as 60. Columns follow the thumbnail size (document 2 §9).
// The keyboard (issue 28): the grid is one Tab stop (a roving tabindex on one card); the arrow
// keys, Home/End and PageUp/PageDown move through it, scrolling the card in; Enter opens it. The
// shell's skip link lands on that card (data-skip-target).
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { gridColumns, type ThumbSize } from './catalog-rules.ts';
import styles from './catalog.module.css';

const GAP = 12;
const CAPTION = 52;

interface Props<T> {
  items: readonly T[];
  size: ThumbSize;
  label: string;
  /**
   * A cell's identity when the order can move under the user (chosen scenes come first: the focus
   * follows the card). Omitted, cells are keyed by place: a keystroke that changes what is shown
   * updates them in place instead of removing and building every card's DOM again.
   */
  keyOf?: (item: T) => number;
  /** tabIndex: 0 for the grid's one Tab stop, -1 for the others (put it on the card's main control). */
  render: (item: T, cell: number, tabIndex: 0 | -1) => React.ReactNode;
}

/** Where a key moves the focus from card i (null: not a grid key). */
function moveOf(key: string, i: number, columns: number, pageRows: number, last: number): number | null {
  const to = {
    ArrowRight: i + 1, ArrowLeft: i - 1, ArrowDown: i + columns, ArrowUp: i - columns, Home: 0, End: last,
    PageDown: i + columns * pageRows, PageUp: i - columns * pageRows,
  }[key];
  return to === undefined ? null : Math.max(0, Math.min(last, to));
}

function Grid<T>({ items, size, label, keyOf, render }: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // The tab stop's index, for these items (a new search starts at the first card again).
  const [active, setActiveFor] = useState({ items, index: 0 });
  const setActive = (index: number) => setActiveFor({ items, index });
  const focusWanted = useRef<number | null>(null);
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
  const v = useVirtualizer({ count: rows, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 1 });
  const shown = v.getVirtualItems();
  const firstShown = (shown[0]?.index ?? 0) * columns;
  const lastShown = ((shown[shown.length - 1]?.index ?? 0) + 1) * columns - 1;
  const wanted = active.items === items ? Math.min(active.index, Math.max(0, items.length - 1)) : 0;
  // Scrolled away from it (its row not rendered), the tab stop is the first card rendered.
  const current = wanted >= firstShown && wanted <= lastShown ? wanted : firstShown;
  useLayoutEffect(() => v.measure(), [v, rowHeight]);
  // After a move, the card is focused once its row is rendered (the virtualizer may need a frame).
  useEffect(() => {
    const want = focusWanted.current;
    if (want === null) return;
    let frame = 0;
    let tries = 0;
    const tryFocus = () => {
      const el = scroller.current?.querySelector<HTMLElement>(`[data-index="${want}"] [tabindex="0"]`);
      if (el) {
        focusWanted.current = null;
        el.focus();
      } else if (++tries < 30) frame = requestAnimationFrame(tryFocus);
    };
    tryFocus();
    return () => cancelAnimationFrame(frame);
  });
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const from = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!from) return;
    const pageRows = Math.max(1, Math.floor((scroller.current?.clientHeight ?? rowHeight) / rowHeight));
    const to = moveOf(e.key, Number(from.dataset.index), columns, pageRows, items.length - 1);
    if (to === null) return;
    e.preventDefault();
    focusWanted.current = to;
    setActive(to);
    v.scrollToIndex(Math.floor(to / columns));
  };
  const onFocus = (e: React.FocusEvent) => {
    const at = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (at) setActive(Number(at.dataset.index));
  };
  return (
    <section className={styles.grid} ref={scroller} aria-label={label} tabIndex={-1} data-testid="catalog-grid" data-skip-target="" onKeyDown={onKeyDown} onFocus={onFocus}>
      <div style={{ height: v.getTotalSize(), position: 'relative' }}>
        {width > 0 &&
          shown.map((r) => (
            <div
              key={r.key}
              className={styles.gridRow}
              data-testid="grid-row"
              style={{ transform: `translateY(${r.start}px)`, gridTemplateColumns: `repeat(${columns}, ${size === 'big' ? '1fr' : `${cell}px`})`, gap: GAP }}
            >
              {items.slice(r.index * columns, r.index * columns + columns).map((it, k) => {
                const i = r.index * columns + k;
                return (
                  <div key={keyOf ? keyOf(it) : k} className={styles.gridCell} data-testid="grid-cell" data-index={i} style={{ height: rowHeight - GAP }}>
                    {render(it, cell, i === current ? 0 : -1)}
                  </div>
                );
              })}
            </div>
          ))}
      </div>
    </section>
  );
}

/** Re-renders only when its items (the query's cached array), size or callbacks change. */
export const CatalogGrid = memo(Grid) as typeof Grid;
