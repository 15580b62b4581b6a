// "Images available offline: n of m": the company's product thumbnails the service worker keeps.
import { ImageDown } from 'lucide-react';
import { useOfflineImages } from '../data/index.ts';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { useSession } from './session.tsx';
import styles from './PendingChanges.module.css';

export function OfflineImagesLine() {
  const { customerId } = useSession();
  const { available, total, ready } = useOfflineImages(customerId);
  return ready ? (
    <div className={styles.images}>
      <ImageDown aria-hidden="true" />
      <p data-testid="offline-images">
        Images available offline: {available} of {total}
      </p>
      <ProgressBar
        label="Images available offline"
        value={total ? (available / total) * 100 : 100}
        className={styles.imagesBar}
      />
    </div>
  ) : null;
}
