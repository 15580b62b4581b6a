// The old-tab rule's face (data/old-tab.ts): a newer version of Facet opened the local database in
// another tab, so this tab's connection is closed and it cannot save. With nothing unsaved (no screen
// holds edits: edit-guard.ts; unsent forms were written to their drafts before the close) it reloads
// at once; otherwise it says so and leaves the reload to the user. Queued changes are in the outbox
// already and are not "unsaved".
import { useEffect, useState, useSyncExternalStore } from 'react';
import { RefreshCw } from 'lucide-react';
// One file, not the room's face: the prompt is on every page, /login too, which must not load the database.
import { isStaleTab, onStaleTab } from '../data/local/old-tab.ts';
import { Button } from '../ui/Button.tsx';
import { useIsEditing } from './edit-guard.ts';
import styles from './UpdatePrompt.module.css';

const RELOADED_KEY = 'facet.old-tab-reloaded';
/** A reload that brings the old code back (its worker still serves it) must not loop. */
const LOOP_MS = 60_000;

function mayReloadByItself(): boolean {
  try {
    return Date.now() - Number(sessionStorage.getItem(RELOADED_KEY) ?? 0) > LOOP_MS;
  } catch {
    return true;
  }
}

export function OldTabPrompt() {
  const stale = useSyncExternalStore(onStaleTab, isStaleTab);
  const editing = useIsEditing();
  const [auto] = useState(mayReloadByItself);
  useEffect(() => {
    if (!stale || editing || !auto) return;
    try {
      sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    } catch {
      // Private modes without sessionStorage: the reload still happens.
    }
    window.location.reload();
  }, [stale, editing, auto]);
  if (!stale) return null;
  const hint = editing
    ? 'This tab can no longer save. Copy what you have not saved, then reload.'
    : auto
      ? 'Reloading…'
      : 'This tab still runs the previous version: close it and use the updated tab.';
  return (
    <div className={styles.prompt} role="alert" data-testid="old-tab">
      <RefreshCw aria-hidden="true" className={styles.icon} />
      <span className={styles.text}>
        Facet was updated in another tab
        <span className={styles.hint}>{hint}</span>
      </span>
      <Button variant="primary" size="sm" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
