// The earlier version's pins under its viewer on the compare stage: how many are open and resolved,
// then each with its number, comment, place and state. Read-only: the threads are on the version's own
// stage.
import { MapPin } from 'lucide-react';
import type { ReviewVersionData } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PinNumber } from '../../ui/PinMarker.tsx';
import { pinCountWords } from './compare-rules.ts';
import { PendingBadge } from './PendingBadge.tsx';
import { pinPlaceWords } from './pin-rules.ts';
import styles from './compare.module.css';

export function ComparePins({ version }: { version: ReviewVersionData }) {
  const { pins, number } = version;
  return (
    <div className={styles.pins} data-testid="compare-pins">
      <h4 className={styles.pinsTitle}>{pinCountWords(version)}</h4>
      {pins.length === 0 ? (
        <EmptyState compact icon={<MapPin />} title={`No pins were placed on version ${number}.`} />
      ) : (
        <ul className={styles.pinList} aria-label={`Pins of version ${number}`}>
          {pins.map((p) => (
            <li key={p.id} className={styles.pinRow} data-pin={p.number} data-state={p.state}>
              <PinNumber number={p.number} resolved={p.state === 'resolved'} pending={p.pending} />
              <span className={styles.pinText}>
                <span className={styles.pinBody}>{p.body}</span>
                <span className={styles.pinPlace}>{pinPlaceWords(p)}</span>
              </span>
              {p.pending ? (
                <PendingBadge />
              ) : (
                <Badge tone={p.state === 'open' ? 'info' : 'neutral'} size="sm" data-testid="pin-state">
                  {p.state === 'open' ? 'Open' : 'Resolved'}
                </Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
