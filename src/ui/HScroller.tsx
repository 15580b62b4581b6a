// A horizontal list with left and right arrows that scroll a fixed step per click
// (250 px on the dashboard, 100 px in the product sections).
import type { ReactNode } from 'react';
import { useRef } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { IconButton } from './IconButton.tsx';
import styles from './HScroller.module.css';

export interface HScrollerProps {
  children: ReactNode;
  step?: number;
  /** The arrows can be hidden, e.g. Tasks by States shows them only above 3 items. */
  showArrows?: boolean;
  label: string;
}

export function HScroller({ children, step = 250, showArrows = true, label }: HScrollerProps) {
  const track = useRef<HTMLDivElement>(null);
  const by = (dx: number) => track.current?.scrollBy({ left: dx, behavior: 'smooth' });
  return (
    <div className={styles.scroller} role="group" aria-label={label}>
      {showArrows && (
        <IconButton label="Scroll left" icon={<ChevronLeft />} variant="secondary" size="sm" onClick={() => by(-step)} />
      )}
      <div className={styles.track} ref={track} tabIndex={0}>
        {children}
      </div>
      {showArrows && (
        <IconButton label="Scroll right" icon={<ChevronRight />} variant="secondary" size="sm" onClick={() => by(step)} />
      )}
    </div>
  );
}
