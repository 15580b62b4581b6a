// A horizontal list with left and right arrows that scroll a fixed step per click
// (250 px on the dashboard, 100 px in the product sections).
import { useRef } from 'react';

export interface HScrollerProps {
  children: React.ReactNode;
  step?: number;
  /** The arrows can be hidden, e.g. Tasks by States shows them only above 3 items. */
  showArrows?: boolean;
  label: string;
}

export function HScroller({ children, step = 250, showArrows = true, label }: HScrollerProps) {
  const track = useRef<HTMLDivElement>(null);
  const by = (dx: number) => track.current?.scrollBy({ left: dx, behavior: 'smooth' });
  return (
    <div className="hscroller" role="group" aria-label={label}>
      {showArrows && (
        <button type="button" className="icon-button" aria-label="Scroll left" onClick={() => by(-step)}>
          ‹
        </button>
      )}
      <div className="hscroller-track" ref={track} tabIndex={0}>
        {children}
      </div>
      {showArrows && (
        <button type="button" className="icon-button" aria-label="Scroll right" onClick={() => by(step)}>
          ›
        </button>
      )}
    </div>
  );
}
