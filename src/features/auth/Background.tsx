// The login background: one of 10 images, a different one at random every 10 s (a slow cross-fade,
// none under reduced motion).
import { useEffect, useState } from 'react';
import { BACKGROUND_COUNT, BACKGROUND_MS, backgroundUrl, nextBackground } from './rules.ts';
import styles from './auth.module.css';

export function LoginBackground() {
  const [index, setIndex] = useState(() => Math.floor(Math.random() * BACKGROUND_COUNT));
  useEffect(() => {
    const t = setInterval(() => setIndex((i) => nextBackground(i)), BACKGROUND_MS);
    return () => clearInterval(t);
  }, []);
  return (
    <div
      className={styles.background}
      data-background={index + 1}
      style={{ backgroundImage: `url(${backgroundUrl(index)})` }}
      aria-hidden="true"
    />
  );
}
