// A button whose face is a picture (a thumbnail that opens a viewer): no button chrome, the focus ring
// around the tile, a gentle lift on hover. It needs an aria-label saying what it does.
import type { ComponentProps } from 'react';
import { cx } from './cx.ts';
import styles from './TileButton.module.css';

export function TileButton({ className, type = 'button', ...rest }: ComponentProps<'button'> & { 'aria-label': string }) {
  return <button type={type} className={cx(styles.tile, className)} {...rest} />;
}
