// "Images available offline: n of m": the company's product thumbnails the service worker keeps.
import { useOfflineImages } from '../data/index.ts';
import { useSession } from './session.tsx';

export function OfflineImagesLine() {
  const { customerId } = useSession();
  const { available, total, ready } = useOfflineImages(customerId);
  return ready ? (
    <p className="hint" data-testid="offline-images">
      Images available offline: {available} of {total}
    </p>
  ) : null;
}
