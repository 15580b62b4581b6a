// An image that never leaves a blank: until it loads it shows the ground colour, and when it fails (or
// there is none, e.g. offline and never cached) it shows a placeholder tile with initials and a caption
// (a product's name and SKU). It fills its box; `fit` contain keeps the whole picture (products).
import { useState, type CSSProperties, type ImgHTMLAttributes } from 'react';
import { cx } from './cx.ts';
import { initials } from './format.ts';
import styles from './Img.module.css';

export interface ImgProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  alt: string;
  /** What the placeholder tile shows: initials of `name`, and `caption` under them (a SKU). */
  placeholder: { name: string; caption?: string };
  fit?: 'contain' | 'cover';
  /** A faint checkerboard behind the image (transparent layers). */
  checker?: boolean;
  /** false: shown as it decodes, without the fade in (a grid that mounts dozens at each keystroke: no state update and no animation per image). */
  fade?: boolean;
  className?: string;
  style?: CSSProperties;
}

export function Img({
  src,
  alt,
  placeholder,
  fit = 'contain',
  checker,
  fade = true,
  className,
  style,
  onError,
  onLoad,
  ...rest
}: ImgProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  const broken = !src || failed === src;
  return (
    <span className={cx(styles.frame, checker && styles.checker, className)} style={style}>
      {broken ? (
        <span className={styles.placeholder} role="img" aria-label={alt || placeholder.name} data-testid="img-placeholder">
          <span className={styles.initials} aria-hidden="true">
            {initials(placeholder.name) || '?'}
          </span>
          {placeholder.caption && (
            <span className={styles.caption} aria-hidden="true">
              {placeholder.caption}
            </span>
          )}
        </span>
      ) : (
        <img
          src={src}
          alt={alt}
          className={cx(
            styles.img,
            fit === 'cover' && styles.cover,
            (!fade || loaded === src) && styles.loaded,
            !fade && styles.still,
          )}
          onError={(e) => {
            setFailed(src);
            onError?.(e);
          }}
          onLoad={
            fade
              ? (e) => {
                  setLoaded(src);
                  onLoad?.(e);
                }
              : onLoad
          }
          {...rest}
        />
      )}
    </span>
  );
}
