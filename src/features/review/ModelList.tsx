// The round's models (the left column): a filter by state with counts, then one row per model: its
// product's picture, name, SKU and version, its state, its open pins and its report's warnings.
// ↑/↓ (or Tab) move through the rows, Enter or a click chooses one (ItemList).
import { MapPin, SearchX, TriangleAlert } from 'lucide-react';
import { modelStateWords, warnings } from '../../api/contract/rules/review.ts';
import { storageUrl, thumbOf } from '../../api/storage-paths.ts';
import type { ReviewModelData } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Chip } from '../../ui/Chip.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Img } from '../../ui/Img.tsx';
import { ItemList, type ItemListEntry } from '../../ui/ItemList.tsx';
import { plural } from '../../ui/format.ts';
import { FILTERS, filterWords, inFilter, STATE_TONES, type Filter } from './review-rules.ts';
import styles from './review.module.css';

interface Props {
  models: readonly ReviewModelData[];
  selected: number | undefined;
  filter: Filter;
  onFilter: (f: Filter) => void;
  onSelect: (id: number) => void;
}

/** The row's counts at the right: open pins, and the latest report's figures over the budget. */
function Counts({ model }: { model: ReviewModelData }) {
  const report = model.versions.at(-1)?.report;
  const warned = report ? warnings(report, model.product) : undefined;
  const pins = plural(model.open_pins, 'open pin');
  return (
    <span className={styles.counts}>
      <span className={styles.count} title={pins} data-testid="model-pins">
        <MapPin aria-hidden="true" />
        <span aria-hidden="true">{model.open_pins}</span>
        <span className="sr-only">{pins}</span>
      </span>
      {warned !== undefined && (
        <span
          className={styles.count}
          data-warned={warned > 0}
          title={plural(warned, 'report warning')}
          data-testid="model-warnings"
        >
          <TriangleAlert aria-hidden="true" />
          <span aria-hidden="true">{warned}</span>
          <span className="sr-only">{plural(warned, 'report warning')}</span>
        </span>
      )}
    </span>
  );
}

/**
 * Starts the chosen model's poster loading at the click, while the stage renders: it then shows with the
 * stage's first paint (bench/review measures a click to the poster on screen).
 */
function warmPoster(m: ReviewModelData | undefined) {
  const poster = m?.versions.at(-1)?.poster;
  if (!poster) return;
  const img = new Image();
  img.fetchPriority = 'high';
  img.src = storageUrl(poster);
}

function entry(m: ReviewModelData): ItemListEntry {
  const latest = m.versions.at(-1);
  const { name, sku, image } = m.product;
  return {
    id: String(m.id),
    media: <Img src={image ? storageUrl(thumbOf(image)) : null} alt="" placeholder={{ name, caption: sku }} />,
    title: <span title={name}>{name}</span>,
    subtitle: (
      <span className={styles.rowMeta}>
        <span className={styles.rowCode} title={sku}>
          {sku} · {latest ? `Version ${latest.number}` : 'No version yet'}
        </span>
        <Badge tone={STATE_TONES[m.state]} size="sm" dot data-testid="model-state">
          {modelStateWords[m.state]}
        </Badge>
      </span>
    ),
    status: <Counts model={m} />,
  };
}

export function ModelList({ models, selected, filter, onFilter, onSelect }: Props) {
  const shown = inFilter(models, filter);
  return (
    <Card title="Models" description={plural(models.length, 'model')} className={styles.list} data-testid="model-list">
      <div className={styles.listBody}>
        <div className={styles.filters} role="group" aria-label="Show models">
          {FILTERS.map((f) => (
            <Chip key={f} pressed={filter === f} onClick={() => onFilter(f)}>
              {filterWords(f)} <span className="tabular">{inFilter(models, f).length}</span>
            </Chip>
          ))}
        </div>
        {shown.length ? (
          <ItemList
            label="Models of the round"
            items={shown.map(entry)}
            current={selected === undefined ? undefined : String(selected)}
            onSelect={(id) => {
              warmPoster(models.find((m) => String(m.id) === id));
              onSelect(Number(id));
            }}
          />
        ) : (
          <EmptyState
            compact
            icon={<SearchX />}
            title={`No model under “${filterWords(filter)}”.`}
            action={
              <Button variant="link" onClick={() => onFilter('all')}>
                Show all models
              </Button>
            }
          />
        )}
      </div>
    </Card>
  );
}
