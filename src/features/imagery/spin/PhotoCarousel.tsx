// The uploaded-photos carousel (document 3 §2, issue 27): an upload group's photos, one at a time.
// It is the spin player (src/spin) in its 'steps' mode: it wraps around, a mouse drag under 3 px is
// ignored, the movement is halved and each step is at most ±10 photos; arrows, Home and End once focused.
import { useEffect, useRef } from 'react';
import { framesOfUrls } from '../../../spin/frames.ts';
import { createSpinPlayer } from '../../../spin/player.ts';
import styles from './spin.module.css';

interface Props {
  /** The photos' addresses, in upload order. */
  urls: readonly string[];
  /** The slider's accessible name, e.g. 'Photos of Upload 1'. */
  label: string;
}

export function PhotoCarousel({ urls, label }: Props) {
  const host = useRef<HTMLDivElement | null>(null);
  const key = urls.join('\n');
  useEffect(() => {
    if (!host.current || !urls.length) return;
    const player = createSpinPlayer(host.current, {
      frames: framesOfUrls(urls),
      label,
      drag: 'steps',
      unit: 'Photo',
      hint: 'Drag to browse',
      counter: true,
      sizes: '(min-width: 1200px) 60vw, 100vw',
    });
    return () => player.destroy();
    // The player is made again only when the photos change (a new key, not a new array).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, label]);
  return <div ref={host} className={styles.carousel} data-testid="photo-carousel" />;
}
