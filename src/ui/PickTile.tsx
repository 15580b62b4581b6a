// A picture to choose in a row of pictures (a preset, a background, an uploaded image): a pressable
// tile with the picture and a caption, marked when chosen, with an optional action beside the caption (delete)
// and a badge. AddTile is the dashed tile that adds one more ('New preset', 'Upload').
import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './PickTile.module.css';

export interface PickTileProps extends Omit<ComponentProps<'button'>, 'type' | 'children'> {
  /** The accessible name: what choosing it does ('Preset 2'). */
  'aria-label': string;
  picture: ReactNode;
  caption: ReactNode;
  selected: boolean;
  /** Width of the tile (px, or any CSS length); the picture keeps `aspect` (width / height). */
  width?: number | string;
  aspect?: number;
  /** A small control on the caption's line, at its end (e.g. an IconButton to delete). */
  action?: ReactNode;
  /** A badge over the bottom-left of the picture (e.g. 'Queued'). */
  badge?: ReactNode;
}

export function PickTile({
  picture,
  caption,
  selected,
  width = 88,
  aspect = 5 / 6,
  action,
  badge,
  className,
  style,
  ...rest
}: PickTileProps) {
  return (
    <div className={cx(styles.item, className)} style={{ width, ...style }}>
      <button type="button" aria-pressed={selected} className={styles.tile} {...rest}>
        <span className={styles.picture} style={{ aspectRatio: String(aspect) }}>
          {picture}
          {badge && <span className={styles.badge}>{badge}</span>}
        </span>
        <span className={styles.caption} title={typeof caption === 'string' ? caption : undefined}>
          {caption}
        </span>
      </button>
      {action && <span className={styles.action}>{action}</span>}
    </div>
  );
}

export interface AddTileProps extends Omit<ComponentProps<'button'>, 'type'> {
  icon: ReactNode;
  width?: number | string;
}

export function AddTile({ icon, width = 88, className, style, children, ...rest }: AddTileProps) {
  return (
    <button type="button" className={cx(styles.add, className)} style={{ width, ...style }} {...rest}>
      {icon}
      <span>{children}</span>
    </button>
  );
}
