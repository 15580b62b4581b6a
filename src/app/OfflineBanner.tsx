// A clear band under the top bar while the browser is offline: what still works and what happens next.
import { CloudOff } from 'lucide-react';
import styles from './Shell.module.css';

export const OFFLINE_TEXT = 'You are offline. Changes are saved on this device and sent when you reconnect.';

export function OfflineBanner({ online }: { online: boolean }) {
  if (online) return null;
  return (
    <div className={styles.offline} role="status">
      <CloudOff aria-hidden="true" />
      <span>{OFFLINE_TEXT}</span>
    </div>
  );
}
