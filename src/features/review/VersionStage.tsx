// A delivered version on the stage: the model in 3D (or one of its renders) with its pins, beside the
// decision and the pin list with the chosen pin's thread; under them the studio's renders, the
// customer's reference photos and the version's report. The chosen pin and what the stage shows are
// this version's: another version starts afresh.
import { useState } from 'react';
import { ImageOff, Images } from 'lucide-react';
import type { ReviewModelData, ReviewVersionData } from '../../data/index.ts';
import { DecisionPanel } from './DecisionPanel.tsx';
import { ModelReport } from './ModelReport.tsx';
import { Pictures } from './Pictures.tsx';
import { PinPanel } from './PinPanel.tsx';
import { PinStage } from './PinStage.tsx';
import { viewOfPin, type StageView } from './pin-rules.ts';
import { useReview } from './review-context.ts';
import styles from './review.module.css';

export function Photos({ product }: { product: ReviewModelData['product'] }) {
  return (
    <Pictures
      title="Your reference photos"
      one="reference photo"
      paths={product.photos}
      name={product.name}
      empty={{ icon: <ImageOff />, title: 'No reference photos' }}
      testId="reference-photos"
    />
  );
}

export function VersionStage({ model, version }: { model: ReviewModelData; version: ReviewVersionData }) {
  const { canReview } = useReview();
  const [view, setView] = useState<StageView>('model');
  const [selected, setSelected] = useState<number>();
  // New pins go on the latest version only: an older one has been replaced.
  const editable = canReview && version.id === model.versions.at(-1)?.id;
  const select = (n: number | undefined) => {
    const pin = version.pins.find((p) => p.number === n);
    setSelected(n);
    if (pin) setView(viewOfPin(pin));
  };
  return (
    <div className={styles.stageGrid}>
      <div className={styles.viewerArea}>
        <PinStage
          model={model}
          version={version}
          view={view}
          onView={setView}
          selected={selected}
          onSelect={select}
          editable={editable}
        />
      </div>
      <div className={styles.side}>
        <DecisionPanel model={model} version={version} />
        <PinPanel version={version} selected={selected} onSelect={select} editable={editable} />
      </div>
      <div className={styles.refs}>
        <Pictures
          title="Studio renders"
          one="render"
          paths={version.renders}
          name={model.product.name}
          empty={{ icon: <Images />, title: 'No renders with this version' }}
          testId="renders"
        />
        <Photos product={model.product} />
      </div>
      <ModelReport version={version} product={model.product} />
    </div>
  );
}
