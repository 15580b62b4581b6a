// The chosen model (the main area): its name, SKU, state, open pins and change requests, a picker of
// its versions; the version in 3D beside the studio's renders of it and the customer's own photos of
// the product, and the version's report. Stage 1 is read-only: no pins, comments or decisions yet.
import { Box, History, ImageOff, Images } from 'lucide-react';
import { modelStateWords } from '../../api/contract/rules/review.ts';
import { storageUrl } from '../../api/storage-paths.ts';
import type { ReviewModelData, ReviewVersionData } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SelectInput } from '../../ui/Select.tsx';
import { cx } from '../../ui/cx.ts';
import { plural } from '../../ui/format.ts';
import { ModelReport } from './ModelReport.tsx';
import { ModelViewer } from './ModelViewer.tsx';
import { Pictures } from './Pictures.tsx';
import { changeRequestWords, STATE_TONES, versionLabel } from './review-rules.ts';
import styles from './review.module.css';

interface Props {
  model: ReviewModelData;
  /** The version shown (the latest unless the address names another); none before the first delivery. */
  version: ReviewVersionData | undefined;
  onVersion: (n: number) => void;
}

function Photos({ product }: { product: ReviewModelData['product'] }) {
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

export function ModelView({ model, version, onVersion }: Props) {
  const { product, versions } = model;
  const latest = versions.at(-1);
  return (
    <section className={styles.stage} aria-labelledby="model-heading" data-testid="model-stage">
      <header className={styles.stageHead}>
        <div className={styles.stageTitles}>
          <h2 id="model-heading" className={styles.stageTitle}>
            {product.name}
          </h2>
          <p className={styles.stageMeta}>
            <span className="tabular">{product.sku}</span>
            <Badge tone={STATE_TONES[model.state]} size="sm" dot>
              {modelStateWords[model.state]}
            </Badge>
            <span>{plural(model.open_pins, 'open pin')}</span>
            <span data-testid="change-requests">{changeRequestWords(model.change_requests)}</span>
          </p>
        </div>
        {version && (
          <SelectInput
            aria-label="Version"
            leading={<History size={16} aria-hidden="true" />}
            value={version.number}
            options={versions.map((v) => ({ value: v.number, label: versionLabel(v, v === latest) }))}
            onValueChange={onVersion}
            className={styles.versionPicker}
          />
        )}
      </header>
      {version ? (
        <div className={styles.stageGrid}>
          <div className={styles.viewerArea}>
            <ModelViewer
              glb={storageUrl(version.glb)}
              usdz={version.usdz && storageUrl(version.usdz)}
              poster={version.poster && storageUrl(version.poster)}
              alt={`3D model of ${product.name}, version ${version.number}`}
            />
          </div>
          <div className={styles.refs}>
            <Pictures
              title="Studio renders"
              one="render"
              paths={version.renders}
              name={product.name}
              empty={{ icon: <Images />, title: 'No renders with this version' }}
              testId="renders"
            />
            <Photos product={product} />
          </div>
          <ModelReport version={version} product={product} />
        </div>
      ) : (
        <div className={cx(styles.stageGrid, styles.undelivered)}>
          <div className={styles.viewerArea}>
            <EmptyState
              icon={<Box />}
              title="The studio has not delivered this model yet"
              description="Its first version will show here, in 3D, with its renders and report."
              className={styles.waiting}
            />
          </div>
          <div className={styles.refs}>
            <Photos product={product} />
          </div>
        </div>
      )}
    </section>
  );
}
