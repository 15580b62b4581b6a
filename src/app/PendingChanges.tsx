// The outbox in the shell: a count of changes not yet on the server, and a panel listing them
// with their errors, Retry and Discard (DESIGN "Offline model": nothing is dropped silently).
import { useState } from 'react';
import { discardEntry, retryEntry, usePendingChanges, type PendingEntry } from '../data/index.ts';
import { Popup } from '../ui/Popup.tsx';

const STATE_LABEL: Record<PendingEntry['state'], string> = {
  queued: 'Waiting to send',
  sending: 'Sending',
  retrying: 'Retrying',
  parked: 'Stopped',
  conflict: 'Conflict',
};

export function PendingChanges() {
  const { count, entries, errors } = usePendingChanges();
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
          {entries.length === 0 ? (
            <p>Every change has reached the server.</p>
          ) : (
            <ul className="pending-list">
              {entries.map((e) => (
                <li key={e.id}>
                  <div>
                    <strong>{e.label}</strong>
                    <span className={`state state-${e.state}`}>{STATE_LABEL[e.state]}</span>
                    <time dateTime={new Date(e.createdAt).toISOString()}>{new Date(e.createdAt).toLocaleString()}</time>
                  </div>
                  {e.error && <p className="form-error">{e.error}</p>}
                  <div className="row-actions">
                    <button type="button" className="button secondary" onClick={() => void retryEntry(e.id)}>
                      Retry
                    </button>
                    <button type="button" className="button danger" onClick={() => void discardEntry(e.id)}>
                      Discard
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Popup>
    </>
  );
}

export function OfflineBadge({ online }: { online: boolean }) {
  return online ? null : (
    <span className="badge offline" role="status">
      Offline
    </span>
  );
}
