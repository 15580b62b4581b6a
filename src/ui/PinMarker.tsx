// A numbered pin on a picture or a 3D model (the review page's comments): a round button with its
// number. Open pins are the accent colour, resolved ones muted, the chosen one ringed; a pin not yet
// on the server is dashed. Its label says all of that to a screen reader; the extra props reach the
// <button> (model-viewer's hotspot slot and data-position, a style placing it over a picture).
import type { ComponentProps } from 'react';
import { cx } from './cx.ts';
import styles from './PinMarker.module.css';

export interface PinMarkerProps extends Omit<ComponentProps<'button'>, 'children' | 'type'> {
  number: number | string;
  /** The accessible name: "Pin 2, resolved: The seam is crooked". */
  label: string;
  resolved?: boolean;
  selected?: boolean;
  pending?: boolean;
  /** A pin being placed (its comment not saved yet). */
  draft?: boolean;
}

export function PinMarker({ number, label, resolved, selected, pending, draft, className, ...rest }: PinMarkerProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={selected}
      className={cx(
        styles.pin,
        resolved && styles.resolved,
        selected && styles.selected,
        (pending || draft) && styles.pending,
        draft && styles.draft,
        className,
      )}
      {...rest}
    >
      <span aria-hidden="true">{number}</span>
    </button>
  );
}

/** The same disc as a mark, not a control (a pin's number in a list row or a thread's heading). */
export function PinNumber({ number, resolved, pending }: Pick<PinMarkerProps, 'number' | 'resolved' | 'pending'>) {
  return (
    <span className={cx(styles.pin, styles.mark, resolved && styles.resolved, pending && styles.pending)} aria-hidden="true">
      {number}
    </span>
  );
}
