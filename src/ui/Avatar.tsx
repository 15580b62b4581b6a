// A person or a company: their picture, or their initials on a colour picked from the name (stable,
// so a person keeps their colour). Radix Avatar shows the initials until the picture has loaded.
import { Avatar as A } from 'radix-ui';
import { cx } from './cx.ts';
import { initials } from './format.ts';
import styles from './Avatar.module.css';

const HUES = [215, 200, 170, 145, 30, 340, 265, 190];
const hueOf = (name: string) => HUES[[...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % HUES.length]!;

export interface AvatarProps {
  name: string;
  src?: string | null;
  size?: 20 | 24 | 28 | 32 | 40 | 56;
  /** Square corners for a company. */
  square?: boolean;
  className?: string;
}

export function Avatar({ name, src, size = 28, square, className }: AvatarProps) {
  const hue = hueOf(name);
  return (
    <A.Root
      className={cx(styles.avatar, square && styles.square, className)}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4), ['--avatar-hue' as string]: hue }}
    >
      {/* The name is always there for a screen reader, also while the picture is still loading. */}
      <span className="sr-only">{name}</span>
      {src && <A.Image className={styles.image} src={src} alt="" />}
      <A.Fallback className={styles.fallback} delayMs={src ? 300 : 0}>
        <span aria-hidden="true">{initials(name)}</span>
      </A.Fallback>
    </A.Root>
  );
}
