// Rounds Review (document 1 §2, §4): one card per batch round, scrolled 250 px per arrow click.
import { ExternalLink, Layers } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Round } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { buttonClass } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { HScroller } from '../../ui/HScroller.tsx';
import { formatDate } from '../../ui/format.ts';
import { cx } from '../../ui/cx.ts';
import {
  modelsLeft,
  NEEDS_APPROVAL,
  reviewTarget,
  roundDots,
  roundLabel,
  SCROLL_STEP,
  showsDates,
  showsReview,
  statusColour,
} from './round-rules.ts';
import styles from './dashboard.module.css';

const day = (d: string | null) => (d ? formatDate(new Date(`${d}T00:00:00`)) : '–');

export function RoundCard({ round, canApprove }: { round: Round; canApprove: boolean }) {
  const colour = statusColour(round.status_service);
  const dots = roundDots(round);
  const left = modelsLeft(round);
  return (
    <article
      className={styles.round}
      data-status={round.status_service}
      data-colour={colour}
      data-testid="round-card"
      aria-label={`${round.title}, ${round.subtitle}`}
    >
      <header className={styles.roundHead}>
        <div className={styles.roundTitles}>
          <h3 className={styles.roundTitle}>{round.title}</h3>
          <p className={styles.roundCode}>{round.subtitle}</p>
        </div>
        {round.status_service === NEEDS_APPROVAL && (
          <Badge tone="info" size="sm">
            Needs approval
          </Badge>
        )}
      </header>
      <p className={styles.roundState}>
        <strong>{roundLabel(round.round_current)}</strong>
        {left && <span>{left}</span>}
      </p>
      <ol
        className={styles.dots}
        aria-label={round.round_current === 0 ? 'No round started yet' : `Round ${round.round_current} of 7`}
      >
        {dots.map((d, i) => (
          <li key={i} className={styles.dot} data-dot={d} />
        ))}
      </ol>
      {showsDates(round) ? (
        <dl className={styles.dates}>
          <div>
            <dt>Start</dt>
            <dd className="tabular">{day(round.start_date)}</dd>
          </div>
          <div>
            <dt>End</dt>
            <dd className="tabular">{day(round.end_date)}</dd>
          </div>
          {round.upcoming_dates && (
            <div className={styles.next}>
              <dt>Next</dt>
              <dd>{round.upcoming_dates}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p className={styles.approval}>This round is waiting for your approval.</p>
      )}
      {showsReview(round, canApprove) && <GoToReview link={round.link_review!} />}
    </article>
  );
}

/** Our review page opens in place; another host's in a new tab (document 1's cards). */
function GoToReview({ link }: { link: string }) {
  const target = reviewTarget(link, window.location.origin);
  const className = buttonClass({ variant: 'primary', size: 'sm', block: true });
  if ('internal' in target) {
    return (
      <Link to={target.internal} className={className}>
        Go to Review
      </Link>
    );
  }
  return (
    <a href={target.external} target="_blank" rel="noreferrer" className={className}>
      Go to Review <ExternalLink aria-hidden="true" size={14} />
    </a>
  );
}

export function RoundsReview({ rounds, canApprove }: { rounds: Round[] | undefined; canApprove: boolean }) {
  return (
    <Card
      title="Rounds Review"
      description="Modelling batches and where each review round stands"
      className={cx(styles.block, styles.full)}
    >
      {rounds && rounds.length === 0 ? (
        <EmptyState
          compact
          icon={<Layers />}
          title="No review rounds yet."
          description="Rounds appear here once a batch of models is scheduled."
        />
      ) : (
        <HScroller label="Rounds Review" step={SCROLL_STEP}>
          {rounds ? (
            rounds.map((r, i) => <RoundCard key={`${r.subtitle}-${i}`} round={r} canApprove={canApprove} />)
          ) : (
            <RoundSkeletons />
          )}
        </HScroller>
      )}
    </Card>
  );
}

function RoundSkeletons() {
  return Array.from({ length: 4 }, (_, i) => (
    <div key={i} className={cx(styles.round, styles.skeletonCard)} aria-hidden="true" />
  ));
}
