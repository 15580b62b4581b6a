// A large image viewer (document 1 §9): the wheel zooms by 0.1, a drag moves the picture, buttons do
// the same for keyboards, Escape or × closes. The picture sits on the neutral image ground.
import { memo, useRef, useState } from 'react';
import { Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import { Dialog } from './Dialog.tsx';
import { IconButton } from './IconButton.tsx';
import { wheelZoom } from './zoom.ts';
import styles from './ZoomViewer.module.css';

// Memoised: a page that re-renders on each keystroke (the catalogue) does not render the closed viewer again.
export const ZoomViewer = memo(function ZoomViewer({
  src,
  alt,
  onClose,
  description,
}: {
  src: string | null;
  alt: string;
  onClose: () => void;
  description?: string;
}) {
  const [scale, setScale] = useState(1);
  const [pos, setPos] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number } | null>(null);
  const reset = () => (setScale(1), setPos({ x: 0, y: 0 }));
  return (
    <Dialog
      open={src !== null}
      title={alt}
      description={description}
      onOpenChange={(o) => !o && onClose()}
      size="xl"
      padded={false}
    >
      <div
        className={styles.stage}
        data-testid="zoom-stage"
        onWheel={(e) => setScale((s) => wheelZoom(s, e.deltaY))}
        onPointerDown={(e) => {
          drag.current = { x: e.clientX - pos.x, y: e.clientY - pos.y };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => drag.current && setPos({ x: e.clientX - drag.current.x, y: e.clientY - drag.current.y })}
        onPointerUp={() => (drag.current = null)}
      >
        {src && (
          <img src={src} alt={alt} draggable={false} style={{ transform: `translate(${pos.x}px, ${pos.y}px) scale(${scale})` }} />
        )}
      </div>
      <div className={styles.bar}>
        <span className={styles.hint}>Scroll to zoom, drag to move.</span>
        <span className={styles.tools}>
          <IconButton label="Zoom out" icon={<ZoomOut />} size="sm" onClick={() => setScale((s) => wheelZoom(s, 1))} />
          <span className={styles.pct} aria-live="polite">
            {Math.round(scale * 100)}%
          </span>
          <IconButton label="Zoom in" icon={<ZoomIn />} size="sm" onClick={() => setScale((s) => wheelZoom(s, -1))} />
          <IconButton label="Fit" icon={<Maximize />} size="sm" onClick={reset} />
        </span>
      </div>
    </Dialog>
  );
});
