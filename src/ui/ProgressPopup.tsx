// 'Please wait. completed N%' while several loads run (document 2 §2.2, document 3 §4).
import { Popup } from './Popup.tsx';

export const progressText = (percent: number) => `Please wait. completed ${Math.round(Math.min(100, Math.max(0, percent)))}%`;

/** done of total tasks as a whole percentage. */
export const percentOf = (done: number, total: number) => (total <= 0 ? 100 : Math.round((done / total) * 100));

export function ProgressPopup({ open, percent, title = 'Loading' }: { open: boolean; percent: number; title?: string }) {
  return (
    <Popup open={open} title={title} className="progress-popup">
      <div className="popup-body">
        <p aria-live="polite">{progressText(percent)}</p>
        <progress max={100} value={Math.round(percent)} aria-label={title} />
      </div>
    </Popup>
  );
}
