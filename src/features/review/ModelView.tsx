// The chosen model (the main area): its name, SKU, state, open pins and change requests, a picker of
// its versions; the version in 3D beside the studio's renders of it and the customer's own photos of
// the product, and the version's report (VersionStage: pins, threads and the decision); the studio's
// staff deliver the next version from here.
import { Box, History } from 'lucide-react';
import { modelStateWords } from '../../api/contract/rules/review.ts';
import type { ReviewModelData, ReviewVersionData } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SelectInput } from '../../ui/Select.tsx';
import { cx } from '../../ui/cx.ts';
import { plural } from '../../ui/format.ts';
import { DeliverButton } from './DeliverDialog.tsx';
import { useReview } from './review-context.ts';
import { changeRequestWords, STATE_TONES, versionLabel } from './review-rules.ts';
import { Photos, VersionStage } from './VersionStage.tsx';
import styles from './review.module.css';

interface Props {
  model: ReviewModelData;
  /** The version shown (the latest unless the address names another); none before the first delivery. */
  version: ReviewVersionData | undefined;
  onVersion: (n: number) => void;
}

export function ModelView({ model, version, onVersion }: Props) {
  const { product, versions } = model;
  const latest = versions.at(-1);
  const { staff } = useReview();
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
        <div className={styles.stageActions}>
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
          {staff && <DeliverButton model={model} onDelivered={onVersion} />}
        </div>
      </header>
      {version ? (
        <VersionStage key={version.id} model={model} version={version} />
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
