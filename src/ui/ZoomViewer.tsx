// A full-screen image viewer: wheel zoom, drag to move, close (scenes of the catalogues).
import { useRef, useState } from 'react';
import { Popup } from './Popup.tsx';
import { wheelZoom } from './zoom.ts';

export function ZoomViewer({ src, alt, onClose }: { src: string | null; alt: string; onClose: () => void }) {
  const [scale, setScale] = useState(1);
  const [pos, setPos] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number } | null>(null);
  return (
    <Popup open={src !== null} title={alt} onClose={onClose} className="zoom-viewer">
      <div
        className="zoom-stage"
        onWheel={(e) => setScale((s) => wheelZoom(s, e.deltaY))}
        onPointerDown={(e) => {
          drag.current = { x: e.clientX - pos.x, y: e.clientY - pos.y };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => drag.current && setPos({ x: e.clientX - drag.current.x, y: e.clientY - drag.current.y })}
        onPointerUp={() => (drag.current = null)}
      >
        {src && (
          <img
            src={src}
            alt={alt}
            draggable={false}
            style={{ transform: `translate(${pos.x}px, ${pos.y}px) scale(${scale})` }}
          />
        )}
      </div>
      <p className="zoom-hint">Scroll to zoom, drag to move. {Math.round(scale * 100)}%</p>
    </Popup>
  );
}
