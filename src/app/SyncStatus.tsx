// The sync status in the top bar: Offline, the number of changes waiting (with their errors), or
// "Up to date". Each opens the Pending changes panel. The pill has a fixed place: nothing jumps.
import { useState } from 'react';
import { CircleAlert, CloudCheck, CloudOff, RefreshCw } from 'lucide-react';
import { usePendingChanges, useSyncStatus } from '../data/index.ts';
import { plural } from '../ui/format.ts';
import { cx } from '../ui/cx.ts';
import PendingPanel from './PendingChanges.tsx';
import styles from './Shell.module.css';

export function SyncStatus() {
  const { count, errors } = usePendingChanges();
  const { online, draining, pulling } = useSyncStatus();
  const [open, setOpen] = useState(false);
  const failed = errors.length > 0;
  return (
    <div className={styles.sync}>
      {!online && (
        <span className={cx(styles.pill, styles.pillOffline)}>
          <CloudOff aria-hidden="true" /> Offline
        </span>
      )}
      {count > 0 ? (
        <button
          type="button"
          className={cx(styles.pill, styles.pillButton, failed ? styles.pillDanger : styles.pillPending)}
          data-testid="pending-indicator"
          onClick={() => setOpen(true)}
          aria-label={`${plural(count, 'pending change')}${failed ? `, ${errors.length} with errors` : ''}`}
        >
          {failed ? (
            <CircleAlert aria-hidden="true" />
          ) : (
            <RefreshCw aria-hidden="true" className={cx(draining && online && styles.spin)} />
          )}
          {count} pending
        </button>
      ) : (
        online && (
          <button
            type="button"
            className={cx(styles.pill, styles.pillButton, styles.pillQuiet)}
            data-testid="sync-status"
            onClick={() => setOpen(true)}
          >
            <CloudCheck aria-hidden="true" />
            {pulling ? 'Syncing' : 'Up to date'}
          </button>
        )
      )}
      {/* Loaded with the shell, not lazily: the panel matters most offline, where a chunk may not load. */}
      {open && <PendingPanel onClose={() => setOpen(false)} />}
    </div>
  );
}
