// The chosen model (the main area): its name, SKU, state, open pins and change requests, a picker of
// its versions; the version in 3D beside the studio's renders of it and the customer's own photos of
// the product, and the version's report (VersionStage: pins, threads and the decision); the studio's
// staff deliver the next version from here. With two versions or more, Compare versions puts two of
// them side by side instead (CompareStage), until Show one version.
import { Box, Columns2, History, Square } from 'lucide-react';
import { modelStateWords } from '../../api/contract/rules/review.ts';
import type { ReviewModelData, ReviewVersionData } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SelectInput } from '../../ui/Select.tsx';
import { cx } from '../../ui/cx.ts';
import { plural } from '../../ui/format.ts';
import { CompareStage } from './CompareStage.tsx';
import { compareStart, type StageChoice } from './compare-rules.ts';
import { DeliverButton } from './DeliverDialog.tsx';
import { useReview } from './review-context.ts';
import { changeRequestWords, STATE_TONES, versionLabel } from './review-rules.ts';
import { Photos, VersionStage } from './VersionStage.tsx';
import styles from './review.module.css';

interface Props {
  model: ReviewModelData;
  /** The version shown (the latest unless the address names another); none before the first delivery. */
  version: ReviewVersionData | undefined;
  /** The version compared with it (?compare=), on the left; undefined: the single stage. */
  compare: ReviewVersionData | undefined;
  onShow: (next: StageChoice) => void;
}

export function ModelView({ model, version, compare, onShow }: Props) {
  const { product, versions } = model;
  const latest = versions.at(-1);
  const { staff } = useReview();
  const start = compareStart(model, version);
  const onVersion = (n: number) => onShow({ version: n });
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
          {/* Readers compare too: it changes nothing. Compare starts with the latest on the right. */}
          {compare ? (
            <Button icon={<Square />} onClick={() => onShow({ compare: null })}>
              Show one version
            </Button>
          ) : (
            start !== undefined && (
              <Button icon={<Columns2 />} onClick={() => onShow({ compare: start, version: null })}>
                Compare versions
              </Button>
            )
          )}
          {version && !compare && (
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
      {version && compare ? (
        <CompareStage
          model={model}
          left={compare}
          right={version}
          onLeft={(n) => onShow({ compare: n })}
          onRight={(n) => onShow({ version: n })}
        />
      ) : version ? (
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
