// The status menu's storage line: "Storage used: 12.3 MB of 1.2 GB", whether the browser keeps it
// (persistent), or what the browser cannot tell (capabilities.ts), the message of a write that found no room (kept here after its toast), and
// "Remove cached images" (asks first: offline, those images are then missing).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { HardDrive, ImageOff } from 'lucide-react';
import { NO_ESTIMATE, persistenceText } from './capabilities.ts';
import { onStorageFull, QUOTA_MESSAGE, storageFullState } from '../data/local/index.ts';
import { readStorageUsage, removeCachedImages, type StorageUsage } from '../data/device/index.ts';
import { AlertDialog } from '../ui/AlertDialog.tsx';
import { Button } from '../ui/Button.tsx';
import { Callout } from '../ui/Callout.tsx';
import { formatBytes, plural } from '../ui/format.ts';
import { notify } from '../ui/notify.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import styles from './PendingChanges.module.css';

const useStorageFull = () => useSyncExternalStore(onStorageFull, () => storageFullState().failedAt);

export function StorageLine() {
  const failedAt = useStorageFull();
  const [usage, setUsage] = useState<StorageUsage>();
  const [asking, setAsking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const load = useCallback(() => {
    readStorageUsage()
      .then(setUsage)
      .catch((err: unknown) => console.debug('[facet] storage estimate:', err));
  }, []);
  useEffect(load, [load, failedAt]);

  const remove = () => {
    setAsking(false);
    setRemoving(true);
    removeCachedImages()
      .then((n) => notify.info('Cached images removed', `${plural(n, 'image')} removed from this device.`))
      .catch((err: unknown) => notify.error('The cached images could not be removed', String(err)))
      .finally(() => {
        setRemoving(false);
        load();
      });
  };

  return (
    <div data-testid="storage-usage">
      {failedAt !== null && (
        <Callout tone="danger" role="alert" className={styles.storageFull}>
          {QUOTA_MESSAGE}
        </Callout>
      )}
      {usage && (
        <div className={styles.images}>
          <HardDrive aria-hidden="true" />
          <p>
            {usage.estimate ? (
              <span data-testid="storage-used">
                Storage used: {formatBytes(usage.estimate.usage)} of {formatBytes(usage.estimate.quota)}
              </span>
            ) : (
              <span data-testid="storage-used">{NO_ESTIMATE}</span>
            )}
            <span className={styles.storageHint} data-testid="storage-persisted">
              {persistenceText(usage.persisted)}
            </span>
          </p>
          {usage.estimate && (
            <ProgressBar
              label="Storage used"
              value={usage.estimate.quota ? (usage.estimate.usage / usage.estimate.quota) * 100 : 0}
              className={styles.imagesBar}
            />
          )}
        </div>
      )}
      {usage && usage.images > 0 && (
        <div className={styles.storageActions}>
          <Button size="sm" variant="ghost" icon={<ImageOff />} loading={removing} onClick={() => setAsking(true)}>
            Remove cached images
          </Button>
        </div>
      )}
      <AlertDialog
        open={asking}
        onOpenChange={setAsking}
        title="Remove cached images?"
        description={`The ${plural(usage?.images ?? 0, 'image')} kept for offline use will be removed from this device. They download again when you are online. Your data and pending changes stay.`}
        confirmLabel="Remove cached images"
        onConfirm={remove}
      />
    </div>
  );
}
