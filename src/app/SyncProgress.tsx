// A band under the top bar while a company's first sync walks its pages: the catalogue already
// shows what has arrived, and this says how much is still coming.
import { RefreshCw } from 'lucide-react';
import { useSyncStatus } from '../data/index.ts';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import styles from './Shell.module.css';

const count = new Intl.NumberFormat('en-US');

export function syncProgressText(p: { list: string; done: number; total: number }): string {
  return `Syncing ${p.list}: ${count.format(p.done)} of ${count.format(p.total)}`;
}

export function SyncProgress() {
  const { progress } = useSyncStatus();
  if (!progress) return null;
  const text = syncProgressText(progress);
  return (
    <div className={styles.syncing} role="status" data-testid="sync-progress">
      <RefreshCw aria-hidden="true" />
      <span>{text}</span>
      <ProgressBar label={text} value={(progress.done / Math.max(1, progress.total)) * 100} className={styles.syncingBar} />
    </div>
  );
}
