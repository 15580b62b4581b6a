// The round's header: its title, batch code and round, its status in words, and how many of its models
// are approved. Offline, when the stored round was saved.
import type { ReactNode } from 'react';
import { CloudOff } from 'lucide-react';
import type { ReviewModelData, ReviewRoundData } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { PageHeader } from '../../ui/Layout.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { roundStatus } from './review-rules.ts';
import styles from './review.module.css';

interface Props {
  round: ReviewRoundData['round'];
  models: readonly ReviewModelData[];
  /** When the stored round was fetched: shown offline. */
  savedAt?: number;
  /** Who else has the round open (presence). */
  here?: ReactNode;
}

export function RoundHeader({ round, models, savedAt, here }: Props) {
  const status = roundStatus(round.status_service);
  const approved = models.filter((m) => m.state === 'approved').length;
  const total = models.length;
  return (
    <PageHeader
      title={round.title}
      // A round not started says so in its status badge; a started one names its round.
      description={round.round_current === 0 ? round.subtitle : `${round.subtitle} · Round ${round.round_current}`}
      meta={
        <>
          <Badge tone={status.tone} size="sm" data-testid="round-status">
            {status.words}
          </Badge>
          {savedAt !== undefined && (
            <Badge tone="warning" size="sm" icon={<CloudOff size={12} aria-hidden="true" />} data-testid="review-saved">
              Saved on this device, {formatDateTime(savedAt)}
            </Badge>
          )}
        </>
      }
      actions={
        <>
          {here}
          <div className={styles.approved} data-testid="round-approved">
            <span className="tabular">
              {approved} of {total} approved
            </span>
            <ProgressBar
              label="Models approved"
              value={total ? (approved / total) * 100 : 0}
              tone="success"
              className={styles.approvedBar}
            />
          </div>
        </>
      }
    />
  );
}
