// Registers the service worker and offers "New version available: Reload" when a new one waits.
// The reload happens only on the user's click, and not while a screen holds unsaved edits.
import { Workbox } from 'workbox-window';
import { useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '../ui/Button.tsx';
import { useIsEditing } from './edit-guard.ts';
import styles from './UpdatePrompt.module.css';

export default function UpdatePrompt() {
  const [wb, setWb] = useState<Workbox | null>(null);
  const editing = useIsEditing();

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const w = new Workbox('/sw.js', { scope: '/' });
    w.addEventListener('waiting', () => setWb(w)); // a new version is installed and waiting
    w.register().catch((err) => console.error('Service worker registration failed', err));
  }, []);

  if (!wb) return null;
  const reload = () => {
    wb.addEventListener('controlling', () => window.location.reload());
    wb.messageSkipWaiting();
  };
  return (
    <div className={styles.prompt} role="status">
      <RefreshCw aria-hidden="true" className={styles.icon} />
      <span className={styles.text}>
        New version available
        {editing && <span className={styles.hint}>Save your changes first.</span>}
      </span>
      <Button variant="primary" size="sm" onClick={reload} disabled={editing}>
        Reload
      </Button>
    </div>
  );
}
