// The version's pins beside the stage: open, resolved or all (with counts), each with its number,
// comment, author, time, place and state; a pin not yet on the server says Pending. Choosing one shows
// its thread under the list and turns the stage to it.
import { useState } from 'react';
import { MapPin, SearchX } from 'lucide-react';
import type { ReviewPinData, ReviewVersionData } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Chip } from '../../ui/Chip.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ItemList, type ItemListEntry } from '../../ui/ItemList.tsx';
import { PinNumber } from '../../ui/PinMarker.tsx';
import { formatDateTime, plural } from '../../ui/format.ts';
import { inPinFilter, PIN_FILTERS, pinFilterWords, pinPlaceWords, type PinFilter } from './pin-rules.ts';
import { PendingBadge } from './PendingBadge.tsx';
import { PinThread } from './PinThread.tsx';
import styles from './pins.module.css';

interface Props {
  version: ReviewVersionData;
  selected: number | undefined;
  onSelect: (n: number | undefined) => void;
  /** Pins may be dropped on this version (the empty state says how). */
  editable: boolean;
}

function entry(p: ReviewPinData): ItemListEntry {
  return {
    id: String(p.number),
    title: (
      <span className={styles.rowTitle}>
        <PinNumber number={p.number} resolved={p.state === 'resolved'} pending={p.pending} />
        <span className={styles.rowText}>{p.body}</span>
      </span>
    ),
    subtitle: (
      <span className={styles.rowMeta}>
        {p.author} · {formatDateTime(p.created_at)} · {pinPlaceWords(p)}
      </span>
    ),
    status: (
      <span className={styles.rowStatus}>
        {p.pending ? (
          <PendingBadge />
        ) : (
          <Badge tone={p.state === 'open' ? 'info' : 'neutral'} size="sm" data-testid="pin-state">
            {p.state === 'open' ? 'Open' : 'Resolved'}
          </Badge>
        )}
        {p.replies.length > 0 && <span className={styles.replyCount}>{plural(p.replies.length, 'reply', 'replies')}</span>}
      </span>
    ),
  };
}

export function PinPanel({ version, selected, onSelect, editable }: Props) {
  const pins = version.pins;
  const open = pins.filter((p) => p.state === 'open').length;
  const [filter, setFilter] = useState<PinFilter>(open || !pins.length ? 'open' : 'all');
  const shown = inPinFilter(pins, filter);
  const chosen = pins.find((p) => p.number === selected);
  return (
    <Card
      title="Pins"
      description={pins.length ? `${open} open · ${pins.length - open} resolved` : undefined}
      headingLevel={3}
      data-testid="pin-panel"
    >
      {pins.length === 0 ? (
        <EmptyState
          compact
          icon={<MapPin />}
          title={editable ? 'No pins yet. Click the model or a render to add one.' : 'No pins on this version.'}
        />
      ) : (
        <div className={styles.panelBody}>
          <div className={styles.filters} role="group" aria-label="Show pins">
            {PIN_FILTERS.map((f) => (
              <Chip key={f} pressed={filter === f} onClick={() => setFilter(f)}>
                {pinFilterWords[f]} <span className="tabular">{inPinFilter(pins, f).length}</span>
              </Chip>
            ))}
          </div>
          {shown.length ? (
            <ItemList
              label="Pins of this version"
              items={shown.map(entry)}
              current={selected === undefined ? undefined : String(selected)}
              onSelect={(id) => onSelect(Number(id))}
            />
          ) : (
            <EmptyState
              compact
              icon={<SearchX />}
              title={filter === 'open' ? 'No open pins: every pin is resolved.' : 'No resolved pins yet.'}
              action={
                <Button variant="link" onClick={() => setFilter('all')}>
                  Show all pins
                </Button>
              }
            />
          )}
          {chosen && <PinThread key={chosen.number} pin={chosen} onClose={() => onSelect(undefined)} />}
        </div>
      )}
    </Card>
  );
}
