// A pressable pill that stays on or off (aria-pressed): quick filters and presets, several in a row.
import type { ComponentProps } from 'react';
import { cx } from './cx.ts';
import styles from './Chip.module.css';

export interface ChipProps extends Omit<ComponentProps<'button'>, 'type'> {
  pressed: boolean;
}

export function Chip({ pressed, className, ...rest }: ChipProps) {
  return <button type="button" aria-pressed={pressed} className={cx(styles.chip, pressed && styles.on, className)} {...rest} />;
}
