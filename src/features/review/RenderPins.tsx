// One of the studio's renders on the stage with its pins as numbered markers over it, each at its
// point as fractions of the picture. A click on the picture asks for a pin there. The frame takes the
// picture's own proportions, so a fraction of the frame is a fraction of the picture.
import { useRef, useState, type CSSProperties } from 'react';
import type { PinPlace, ReviewPinData } from '../../data/index.ts';
import { Img } from '../../ui/Img.tsx';
import { PinMarker } from '../../ui/PinMarker.tsx';
import { isTap, markerProps, pointIn } from './pin-rules.ts';
import styles from './pins.module.css';

interface Props {
  src: string;
  index: number;
  name: string;
  pins: readonly ReviewPinData[];
  selected: number | undefined;
  onSelect: (n: number) => void;
  onPick?: (place: PinPlace, client: { x: number; y: number }) => void;
  draft?: { position: readonly number[]; number: number };
}

const at = (position: readonly number[]): CSSProperties => ({
  left: `${(position[0] ?? 0) * 100}%`,
  top: `${(position[1] ?? 0) * 100}%`,
});

export function RenderPins({ src, index, name, pins, selected, onSelect, onPick, draft }: Props) {
  const [ratio, setRatio] = useState(1);
  const down = useRef<{ x: number; y: number }>(undefined);
  const pick = (e: React.MouseEvent<HTMLDivElement>) => {
    if (!onPick || (e.target as HTMLElement).closest('button') || !isTap(down.current, { x: e.clientX, y: e.clientY })) return;
    const position = pointIn(e.currentTarget.getBoundingClientRect(), e.clientX, e.clientY);
    onPick({ target: 'render', render_index: index, position }, { x: e.clientX, y: e.clientY });
  };
  return (
    <div className={styles.renderStage} data-testid="render-stage">
      <div
        className={styles.renderFrame}
        style={{ '--ratio': ratio } as CSSProperties}
        data-pinnable={onPick ? '' : undefined}
        data-render-frame
        onPointerDown={(e) => void (down.current = { x: e.clientX, y: e.clientY })}
        onClick={pick}
      >
        <Img
          src={src}
          alt={`Render ${index + 1} of ${name}`}
          placeholder={{ name }}
          className={styles.renderImg}
          onLoad={(e) => {
            const img = e.currentTarget;
            if (img.naturalWidth && img.naturalHeight) setRatio(img.naturalWidth / img.naturalHeight);
          }}
        />
        {pins.map((p) => (
          <PinMarker key={p.id} className={styles.renderPin} style={at(p.position)} {...markerProps(p, selected, onSelect)} />
        ))}
        {draft && (
          <PinMarker
            className={styles.renderPin}
            style={at(draft.position)}
            number={draft.number}
            label={`New pin ${draft.number}`}
            tabIndex={-1}
            draft
          />
        )}
      </div>
    </div>
  );
}
