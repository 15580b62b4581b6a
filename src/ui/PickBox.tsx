// A bare checkbox for dense grids (a catalogue card's selection): a button with the checkbox role,
// drawn as Checkbox's box, named by aria-label. No Radix state, context or label element: a grid
// mounts dozens at each keystroke of a search. The caller decides what a click does (Shift: a range).
import type { MouseEvent } from 'react';
import { Check } from 'lucide-react';
import { cx } from './cx.ts';
import styles from './Choice.module.css';

export interface PickBoxProps {
  checked: boolean;
  /** The accessible name ('Select Oslo Sofa'). */
  label: string;
  onClick: (e: MouseEvent<HTMLButtonElement>) => void;
  /** -1: out of the Tab order (the grid's card toggles it with its own keys). */
  tabIndex?: 0 | -1;
  className?: string;
}

export function PickBox({ checked, label, onClick, tabIndex, className }: PickBoxProps) {
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={checked}
      aria-label={label}
      data-state={checked ? 'checked' : 'unchecked'}
      className={cx(styles.box, className)}
      tabIndex={tabIndex}
      onClick={onClick}
    >
      {checked && <Check className={styles.mark} aria-hidden="true" />}
    </button>
  );
}
