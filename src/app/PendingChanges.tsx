// The outbox in the shell: a count of user actions not yet on the server, and a panel listing
// them with their steps, errors, Retry and Discard (DESIGN "Offline model": nothing is dropped silently).
import { useState } from 'react';
import { discardAction, retryAction, useOfflineImages, usePendingChanges, type PendingState } from '../data/index.ts';
import { Popup } from '../ui/Popup.tsx';
import { useSession } from './session.tsx';

const STATE_LABEL: Record<PendingState, string> = {
  queued: 'Waiting to send',
  sending: 'Sending',
  retrying: 'Retrying',
  parked: 'Stopped',
  conflict: 'Conflict',
};

export function PendingChanges() {
  const { count, actions, errors } = usePendingChanges();
  const [open, setOpen] = useState(false);
  if (count === 0 && !open) return null;
  return (
    <>
      <button
        type="button"
        className={`badge pending ${errors.length ? 'has-errors' : ''}`}
        data-testid="pending-indicator"
        onClick={() => setOpen(true)}
        aria-label={`${count} pending ${count === 1 ? 'change' : 'changes'}${errors.length ? `, ${errors.length} with errors` : ''}`}
      >
        {count} pending
      </button>
      <Popup open={open} title="Pending changes" onClose={() => setOpen(false)} className="pending-panel">
        <div className="popup-body">
          {actions.length === 0 ? (
            <p>Every change has reached the server.</p>
          ) : (
            <ul className="pending-list">
              {actions.map((a) => (
                <li key={a.id} data-testid="pending-action">
                  <div>
                    <strong>{a.label}</strong>
                    <span className={`state state-${a.state}`}>{STATE_LABEL[a.state]}</span>
                    <time dateTime={new Date(a.createdAt).toISOString()}>{new Date(a.createdAt).toLocaleString()}</time>
                  </div>
                  {a.message && <p className="form-error">{a.message}</p>}
                  <ul className="pending-steps" aria-label={`Steps of ${a.label}`}>
                    {a.steps.map((s) => (
                      <li key={s.id} data-testid="pending-step">
                        {s.label} <span className={`state state-${s.state}`}>{STATE_LABEL[s.state]}</span>
                      </li>
                    ))}
                  </ul>
                  <div className="row-actions">
                    <button type="button" className="button secondary" onClick={() => void retryAction(a.id)}>
                      Retry
                    </button>
                    <button type="button" className="button danger" onClick={() => void discardAction(a.id)}>
                      Discard
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <OfflineImagesLine />
        </div>
      </Popup>
    </>
  );
}

/** How many of the company's thumbnails the service worker has kept for offline use. */
function OfflineImagesLine() {
  const { customerId } = useSession();
  const { available, total, ready } = useOfflineImages(customerId);
  return ready ? (
    <p className="hint" data-testid="offline-images">
      Images available offline: {available} of {total}
    </p>
  ) : null;
}

export function OfflineBadge({ online }: { online: boolean }) {
  return online ? null : (
    <span className="badge offline" role="status">
      Offline
    </span>
  );
}
