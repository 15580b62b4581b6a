// Compare versions (issue 42, stage 3): two versions of the model side by side, each in its own viewer
// with its number, delivery date and decision, the cameras linked (use-linked-cameras.ts). The earlier
// version's pins show on it, read-only and muted once resolved, with their list under it. A pin belongs
// to its version: none is carried onto the other, remodelled one. The single stage's viewer is gone
// meanwhile: the viewers share one renderer, and every one more costs frames.
import { useState } from 'react';
import type { ReviewModelData, ReviewVersionData } from '../../data/index.ts';
import { storageUrl } from '../../api/storage-paths.ts';
import { Badge } from '../../ui/Badge.tsx';
import { PinNumber } from '../../ui/PinMarker.tsx';
import { SelectInput } from '../../ui/Select.tsx';
import { formatDate } from '../../ui/format.ts';
import { ComparePins } from './ComparePins.tsx';
import { decisionTone, earlierOf } from './compare-rules.ts';
import { ModelViewer, type ReviewModelElement } from './ModelViewer.tsx';
import { pinLabel, pinSlot, vecAttr } from './pin-rules.ts';
import { decisionWords } from './review-rules.ts';
import { useLinkedCameras } from './use-linked-cameras.ts';
import styles from './compare.module.css';

type Side = 'left' | 'right';

interface SideProps {
  side: Side;
  model: ReviewModelData;
  version: ReviewVersionData;
  /** The other side's version: not offered here (a version beside itself compares nothing). */
  other: ReviewVersionData;
  onVersion: (n: number) => void;
  /** This is the earlier version: its pins show on it and are listed. */
  withPins: boolean;
  onElement: (el: ReviewModelElement | null) => void;
}

function CompareSide({ side, model, version, other, onVersion, withPins, onElement }: SideProps) {
  const latest = version.id === model.versions.at(-1)?.id;
  const heading = `compare-${side}-heading`;
  // Pins on a render have no place on the model: the list names them.
  const marks = withPins ? version.pins.filter((p) => p.target === 'model') : [];
  return (
    <section className={styles.side} aria-labelledby={heading} data-testid={`compare-${side}`} data-version={version.number}>
      <header className={styles.sideHead}>
        <div className={styles.sideTitles}>
          <h3 id={heading} className={styles.sideTitle}>
            Version {version.number}
          </h3>
          <p className={styles.sideMeta}>
            <span>Delivered {formatDate(version.delivered_at)}</span>
            <Badge tone={decisionTone(version, latest)} size="sm" dot data-testid="compare-decision">
              {decisionWords(version, latest)}
            </Badge>
          </p>
        </div>
        <SelectInput
          aria-label={`Version on the ${side}`}
          size="sm"
          value={version.number}
          options={model.versions.map((v) => ({ value: v.number, label: `Version ${v.number}`, disabled: v.id === other.id }))}
          onValueChange={onVersion}
          className={styles.sidePicker}
        />
      </header>
      <div className={styles.box}>
        <ModelViewer
          glb={storageUrl(version.glb)}
          usdz={version.usdz && storageUrl(version.usdz)}
          poster={version.poster && storageUrl(version.poster)}
          alt={`3D model of ${model.product.name}, version ${version.number}`}
          onElement={onElement}
        >
          {marks.map((p) => (
            // A mark, not a control: a drag over it turns the model (the list holds the words).
            <span
              key={p.id}
              slot={pinSlot(p.number)}
              data-position={vecAttr(p.position)}
              data-normal={vecAttr(p.normal ?? [0, 1, 0])}
              data-pin={p.number}
              role="img"
              aria-label={pinLabel(p)}
              className={styles.mark}
            >
              <PinNumber number={p.number} resolved={p.state === 'resolved'} pending={p.pending} />
            </span>
          ))}
        </ModelViewer>
      </div>
      {withPins && <ComparePins version={version} />}
    </section>
  );
}

interface Props {
  model: ReviewModelData;
  left: ReviewVersionData;
  right: ReviewVersionData;
  onLeft: (n: number) => void;
  onRight: (n: number) => void;
}

export function CompareStage({ model, left, right, onLeft, onRight }: Props) {
  const [a, setA] = useState<ReviewModelElement | null>(null);
  const [b, setB] = useState<ReviewModelElement | null>(null);
  useLinkedCameras(a, b);
  const earlier = earlierOf(left, right);
  return (
    <div className={styles.compare} data-testid="compare-stage">
      <p className={styles.hint}>Turn, zoom or move either model: the other follows.</p>
      <div className={styles.sides}>
        <CompareSide
          side="left"
          model={model}
          version={left}
          other={right}
          onVersion={onLeft}
          withPins={earlier === left}
          onElement={setA}
        />
        <CompareSide
          side="right"
          model={model}
          version={right}
          other={left}
          onVersion={onRight}
          withPins={earlier === right}
          onElement={setB}
        />
      </div>
    </div>
  );
}
