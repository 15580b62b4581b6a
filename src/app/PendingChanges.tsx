// The Pending changes panel (DESIGN "Offline model": nothing is dropped silently): every user action
// not yet on the server, with its state, time, error and steps; Fix for a refused product (its form
// with the server's errors), Retry only where sending again can succeed (and online), Review the
// conflict for a change someone else's overtook (mine or theirs, field by field; never Retry),
// Register it again for a change of a product deleted elsewhere, Review the new version for a review
// decision the studio's newer delivery overtook, and Discard (asks first, naming the change).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  CircleAlert,
  CloudCheck,
  CloudOff,
  Clock,
  Eye,
  GitCompare,
  PackagePlus,
  PencilLine,
  RotateCcw,
  Trash2,
} from 'lucide-react';
import { discardAction, retryAction, usePendingChanges, useSyncStatus, type PendingAction } from '../data/index.ts';
import { useRegisterAgain } from '../features/add-products/register-again.ts';
import { FixProductDialog } from '../features/products/FixProductDialog.tsx';
import { AlertDialog } from '../ui/AlertDialog.tsx';
import { Badge, type BadgeTone } from '../ui/Badge.tsx';
import { Button, buttonClass } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { formatDateTime, plural } from '../ui/format.ts';
import { notify } from '../ui/notify.tsx';
import { hasBackgroundSync, NO_BACKGROUND_SYNC } from './capabilities.ts';
import { OfflineImagesLine } from './OfflineImagesLine.tsx';
import { StorageLine } from './StorageLine.tsx';
import { ConflictReview } from './ConflictReview.tsx';
import { hasFailed, STATE_LABEL } from './pending-model.ts';
import styles from './PendingChanges.module.css';
import { useUserAction } from './user-action.ts';

const TONE: Record<PendingAction['state'], BadgeTone> = {
  queued: 'neutral',
  sending: 'info',
  retrying: 'warning',
  parked: 'danger',
  conflict: 'danger',
};

export default function PendingPanel({ onClose }: { onClose: () => void }) {
  const { actions } = usePendingChanges();
  const { online } = useSyncStatus();
  const [discarding, setDiscarding] = useState<PendingAction | null>(null);
  const [retried, setRetried] = useState<string | null>(null);
  const [fixing, setFixing] = useState<number | null>(null);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const registerAgain = useRegisterAgain();
  // Retry sends what stopped again (a repeat while it runs is ignored; a later one is a new try);
  // Discard of one change is one action.
  const retrying = useUserAction();
  const dropping = useUserAction();
  const again = useUserAction();
  const retry = (a: PendingAction) => {
    if (!retrying.running) setRetried(a.id);
    void retrying.run(async () => {
      await retryAction(a.id);
      notify.info('Sending again');
      retrying.reset();
    });
  };
  return (
    <>
      {/* The conflict's own view takes the panel's place, which comes back once it is settled or closed. */}
      {reviewing !== null && <ConflictReview entryId={reviewing} onDone={() => setReviewing(null)} />}
      <Dialog
        open={reviewing === null}
        onOpenChange={(o) => !o && onClose()}
        title="Pending changes"
        description={
          actions.length
            ? `${plural(actions.length, 'change')} made on this device ${actions.length === 1 ? 'has' : 'have'} not reached the server yet.`
            : undefined
        }
        size="lg"
        footer={<Button onClick={onClose}>Close</Button>}
      >
        {!online && actions.length > 0 && (
          <p className={styles.offline}>
            <CloudOff aria-hidden="true" /> You are offline. These changes are sent when you reconnect.
          </p>
        )}
        {actions.length > 0 && !hasBackgroundSync() && (
          <p className={styles.offline} data-testid="no-background-sync">
            <Clock aria-hidden="true" /> {NO_BACKGROUND_SYNC}
          </p>
        )}
        {actions.length === 0 ? (
          <EmptyState compact icon={<CloudCheck />} title="Every change has reached the server." />
        ) : (
          <ul className={styles.list}>
            {actions.map((a) => (
              <li key={a.id} className={styles.action} data-state={a.state} data-testid="pending-action">
                <span className={styles.icon} aria-hidden="true">
                  {hasFailed(a.state) ? <CircleAlert /> : <Clock />}
                </span>
                <div className={styles.main}>
                  <div className={styles.head}>
                    <strong className={styles.label}>{a.label}</strong>
                    <time className={styles.time} dateTime={new Date(a.createdAt).toISOString()}>
                      {formatDateTime(a.createdAt)}
                    </time>
                  </div>
                  <div className={styles.meta}>
                    <Badge tone={TONE[a.state]} size="sm">
                      {STATE_LABEL[a.state]}
                    </Badge>
                    {a.steps.length > 1 && <span>{plural(a.steps.length, 'step')}</span>}
                  </div>
                  {/* Offline, a retry's "Network Error" says nothing the banner does not. */}
                  {a.message && (online || hasFailed(a.state)) && <p className={styles.error}>{a.message}</p>}
                  {a.steps.length > 1 && (
                    <details className={styles.steps}>
                      <summary>Show the steps</summary>
                      <ol>
                        {a.steps.map((s) => (
                          <li key={s.id} data-testid="pending-step" className={styles.step}>
                            <span>{s.label}</span> <span className={styles.stepState}>{STATE_LABEL[s.state]}</span>
                            {/* Offline, a retry's "Network Error" says nothing the banner does not. */}
                            {s.error && (online || hasFailed(s.state)) && <span className={styles.stepError}>{s.error}</span>}
                          </li>
                        ))}
                      </ol>
                    </details>
                  )}
                </div>
                <div className={styles.buttons}>
                  {a.fixStep !== undefined && (
                    <Button size="sm" icon={<PencilLine />} onClick={() => setFixing(a.fixStep!)}>
                      Fix
                    </Button>
                  )}
                  {a.conflictStep !== undefined && (
                    <Button size="sm" icon={<GitCompare />} onClick={() => setReviewing(a.conflictStep!)}>
                      Review the conflict
                    </Button>
                  )}
                  {a.registerAgain !== undefined && (
                    <Button
                      size="sm"
                      icon={<PackagePlus />}
                      onClick={() => void again.run(() => registerAgain(a.registerAgain!, a.id).then(onClose), { input: a.id })}
                    >
                      Register it again
                    </Button>
                  )}
                  {a.reviewAgain && (
                    <Link to={a.reviewAgain} className={buttonClass({ size: 'sm' })} onClick={onClose}>
                      <Eye aria-hidden="true" />
                      Review the new version
                    </Link>
                  )}
                  {a.openReview && (
                    <Link to={a.openReview} className={buttonClass({ size: 'sm' })} onClick={onClose}>
                      <Eye aria-hidden="true" />
                      Open the review
                    </Link>
                  )}
                  {a.retryable && (
                    <Button
                      size="sm"
                      icon={<RotateCcw />}
                      disabled={!online}
                      loading={retrying.running && retried === a.id}
                      onClick={() => retry(a)}
                    >
                      Retry
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" icon={<Trash2 />} className={styles.discard} onClick={() => setDiscarding(a)}>
                    Discard
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {fixing !== null && <FixProductDialog entryId={fixing} onClose={() => setFixing(null)} />}
        <OfflineImagesLine />
        <StorageLine />
        <AlertDialog
          open={discarding !== null}
          onOpenChange={(o) => !o && setDiscarding(null)}
          title="Discard this change?"
          description={`“${discarding?.label ?? ''}” will be removed from this device and will never reach the server. The server’s version is restored.${alsoDiscards(discarding)}`}
          confirmLabel="Discard change"
          onConfirm={() => {
            const a = discarding;
            setDiscarding(null);
            if (!a) return;
            void dropping.run(
              async () => {
                const done = await discardAction(a.id);
                if (done) notify.info('Change discarded', a.label);
                else {
                  notify.info('Being sent right now', 'Try again in a moment.');
                  dropping.reset();
                }
              },
              { input: a.id },
            );
          }}
        />
      </Dialog>
    </>
  );
}

/** Discard also drops the changes that depend on this one: the confirmation names them. */
const alsoDiscards = (a: PendingAction | null) =>
  a?.alsoDiscards.length ? ` It also discards: ${a.alsoDiscards.join(', ')}.` : '';
