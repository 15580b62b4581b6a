// 'Please wait. completed N%' while several loads run (document 2 §2.2, document 3 §4): a popup that
// cannot be dismissed, with the text and a progress bar.
import { memo } from 'react';
import { Dialog } from './Dialog.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import styles from './AlertPopup.module.css';

export const progressText = (percent: number) => `Please wait. completed ${Math.round(Math.min(100, Math.max(0, percent)))}%`;

/** done of total tasks as a whole percentage. */
export const percentOf = (done: number, total: number) => (total <= 0 ? 100 : Math.round((done / total) * 100));

export const ProgressPopup = memo(function ProgressPopup({
  open,
  percent,
  title = 'Loading',
}: {
  open: boolean;
  percent: number;
  title?: string;
}) {
  return (
    <Dialog open={open} title={title} size="sm" dismissible={false}>
      <div className={styles.body}>
        <p aria-live="polite">{progressText(percent)}</p>
        <ProgressBar label={title} value={percent} />
      </div>
    </Dialog>
  );
});
