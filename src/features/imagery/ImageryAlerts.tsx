// Answers to queued imagery changes that arrive later (or after reconnecting): the first refused one
// of this product shows the §8 'Error' popup; a preset edited meanwhile by someone else (409) shows
// the settings that differ, to keep mine on top of theirs or take theirs (as product Info does). Popups already shown by the screen
// that queued the change (`reported`) are not shown twice; everything stays in Pending changes.
import { useState } from 'react';
import { useImageryOutbox } from '../../data/index.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { errorText } from './preset-rules.ts';
import styles from './imagery.module.css';
// The mine/theirs dialog is product Info's.
import { VersionsDialog } from '../products/VersionsDialog.tsx';
import { presetFieldLabel } from '../products/conflict-labels.ts';

export function ImageryAlerts({ productId, reported }: { productId: number; reported: ReadonlySet<string> }) {
  const entries = useImageryOutbox(productId);
  const [dismissed, setDismissed] = useState<string[]>([]);
  const first = entries.find(
    (e) => (e.state === 'parked' || e.state === 'conflict') && !reported.has(e.action) && !dismissed.includes(e.action),
  );
  if (!first) return null;
  const dismiss = () => setDismissed((d) => [...d, first.action]);
  if (first.state === 'conflict') {
    // A conflict is a preset edit's (uploads do not check a version).
    return <PresetConflict entryId={first.id} onDone={dismiss} />;
  }
  return (
    <AlertPopup open title="Error" message={errorText(first.error ?? 'The change could not be sent.')} onConfirm={dismiss}>
      <p className={styles.muted}>The change stays in Pending changes.</p>
    </AlertPopup>
  );
}

/** A preset edit's conflict (the section's popup and Pending changes' Review the conflict). */
export function PresetConflict({ entryId, onDone }: { entryId: number; onDone: () => void }) {
  return (
    <VersionsDialog
      entryId={entryId}
      title="This preset was changed by someone else"
      noun="Your change"
      heading="Setting"
      label={presetFieldLabel}
      onDone={onDone}
    />
  );
}
