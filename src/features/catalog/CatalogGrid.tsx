// A virtualised thumbnail grid: only the rows in view (plus one) are in the DOM, so 100,000
// products scroll as smoothly as 60. Columns follow the thumbnail size (document 2 §9). Every row has
// the same height, so the rows in view are two divisions of the scroll offset (a general virtualiser
// measured every row again, 20,000 of them, at each keystroke that changed the count).
// The keyboard (issue 28): the grid is one Tab stop (a roving tabindex on one card); the arrow
// keys, Home/End and PageUp/PageDown move through it, scrolling the card in; Enter opens it. The
// shell's skip link lands on that card (data-skip-target). ↑ on the first row goes back to the search
// box (↓ there comes here), and a focus request (Back from a product) focuses a card (issue 43).
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { gridColumns, type ThumbSize } from './catalog-rules.ts';
import styles from './catalog.module.css';

const GAP = 12;
const CAPTION = 52;
/**
 * Rows rendered beyond the view, above and below, once the grid is scrolled. At the top (where a
 * search shows its results) none below: that row is out of sight, and a keystroke renders and lays
 * out a quarter fewer cards at 1300 × 900. The first scroll event adds it, long before it can show.
 */
const OVERSCAN = 1;

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
  /** ↑ on the first row (the search box above takes the focus). */
  onUpFromTop?: () => void;
  /** A card to focus and scroll into view, once per request (a new object). */
  focusRequest?: { index: number } | null;
}

/** Where a key moves the focus from card i (null: not a grid key). */
function moveOf(key: string, i: number, columns: number, pageRows: number, last: number): number | null {
  const to = {
    ArrowRight: i + 1,
    ArrowLeft: i - 1,
    ArrowDown: i + columns,
    ArrowUp: i - columns,
    Home: 0,
    End: last,
    PageDown: i + columns * pageRows,
    PageUp: i - columns * pageRows,
  }[key];
  return to === undefined ? null : Math.max(0, Math.min(last, to));
}

function Grid<T>({ items, size, label, keyOf, render, onUpFromTop, focusRequest }: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });
  const [scrollTop, setScrollTop] = useState(0);
  const width = box.width;
  // The tab stop's index, for these items (a new search starts at the first card again).
  const [active, setActiveFor] = useState({ items, index: 0 });
  const setActive = (index: number) => setActiveFor({ items, index });
  const focusWanted = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setBox({ width: el.clientWidth - 2 * GAP, height: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    // Scroll events come at most once a frame.
    const onScroll = () => setScrollTop(el.scrollTop);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      ro.disconnect();
      el.removeEventListener('scroll', onScroll);
    };
  }, []);
  const { columns, cell } = gridColumns(size, Math.max(width, 0), GAP);
  const rowHeight = Math.round(cell) + CAPTION + GAP;
  const rows = Math.ceil(items.length / columns);
  // The grid's padding (GAP) is above the first row; a scroll offset past the rows (the count just
  // shrank, the browser has not clamped it yet) shows the last rows.
  const top = Math.min(Math.max(0, scrollTop - GAP), Math.max(0, rows * rowHeight - box.height));
  const firstRow = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
  const lastRow = Math.min(rows - 1, Math.floor((top + box.height) / rowHeight) + (scrollTop > 0 ? OVERSCAN : 0));
  const shown: number[] = [];
  for (let r = firstRow; r <= lastRow; r++) shown.push(r);
  const firstShown = firstRow * columns;
  const lastShown = (lastRow + 1) * columns - 1;
  const wanted = active.items === items ? Math.min(active.index, Math.max(0, items.length - 1)) : 0;
  // Scrolled away from it (its row not rendered), the tab stop is the first card rendered.
  const current = wanted >= firstShown && wanted <= lastShown ? wanted : firstShown;
  /** Scrolls only as far as shows the whole row (none if it is in view). */
  const scrollRowIntoView = (row: number) => {
    const el = scroller.current;
    if (!el) return;
    const rowTop = GAP + row * rowHeight;
    const rowBottom = rowTop + rowHeight - GAP;
    if (rowTop < el.scrollTop) el.scrollTop = rowTop - GAP;
    else if (rowBottom > el.scrollTop + el.clientHeight) el.scrollTop = rowBottom + GAP - el.clientHeight;
  };
  // A focus request (Back from a product): once the grid is measured (its columns known), the card
  // becomes the tab stop as this render is made, then is scrolled to and focused by the effects below.
  const [served, setServed] = useState<{ request: object; to: number } | null>(null);
  if (focusRequest && width > 0 && served?.request !== focusRequest && items.length > 0) {
    const to = Math.min(focusRequest.index, items.length - 1);
    setServed({ request: focusRequest, to });
    setActiveFor({ items, index: to });
  }
  // Before the focusing effect, in the same commit.
  useEffect(() => {
    if (!served) return;
    focusWanted.current = served.to;
    scrollRowIntoView(Math.floor(served.to / columns));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per request
  }, [served]);
  // After a move, the card is focused once its row is rendered (after the scroll it caused, a frame or more).
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
    const index = Number(from.dataset.index);
    if (e.key === 'ArrowUp' && index < columns && onUpFromTop) {
      e.preventDefault();
      onUpFromTop();
      return;
    }
    const to = moveOf(e.key, index, columns, pageRows, items.length - 1);
    if (to === null) return;
    e.preventDefault();
    focusWanted.current = to;
    setActive(to);
    scrollRowIntoView(Math.floor(to / columns));
  };
  const onFocus = (e: React.FocusEvent) => {
    const at = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (at) setActive(Number(at.dataset.index));
  };
  return (
    <section
      className={styles.grid}
      ref={scroller}
      aria-label={label}
      tabIndex={-1}
      data-testid="catalog-grid"
      data-skip-target=""
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      <div style={{ height: rows * rowHeight, position: 'relative' }}>
        {width > 0 &&
          shown.map((r) => (
            <div
              key={r}
              className={styles.gridRow}
              data-testid="grid-row"
              style={{
                transform: `translateY(${r * rowHeight}px)`,
                gridTemplateColumns: `repeat(${columns}, ${size === 'big' ? '1fr' : `${cell}px`})`,
                gap: GAP,
              }}
            >
              {items.slice(r * columns, r * columns + columns).map((it, k) => {
                const i = r * columns + k;
                return (
                  <div
                    key={keyOf ? keyOf(it) : k}
                    className={styles.gridCell}
                    data-testid="grid-cell"
                    data-index={i}
                    style={{ height: rowHeight - GAP }}
                  >
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
