// Server answers to a queued Info save arrive later (or after reconnecting): the first failed
// step of this product shows its §8 message ('Error adding tag: …'); a 409 shows both versions
// and lets the user keep theirs or mine; a refused edit offers Fix. Dismissed entries stay in the
// Pending changes panel.
import { useState } from 'react';
import { useProductOutbox } from '../../data/catalog/index.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { FixProductDialog } from './FixProductDialog.tsx';
import { FIELD_KEYS } from './product-rules.ts';
import { VersionsDialog } from './VersionsDialog.tsx';
import styles from './products.module.css';

export function OutboxAlerts({ productId }: { productId: number }) {
  const entries = useProductOutbox(productId);
  const [dismissed, setDismissed] = useState<number[]>([]);
  const [fixing, setFixing] = useState<number | null>(null);
  const failed = entries.filter((e) => (e.state === 'parked' || e.state === 'conflict') && !dismissed.includes(e.id));
  const first = failed[0];
  // Later steps parked behind the first failure say only "waiting": one popup for the lot.
  const dismiss = () => setDismissed((d) => [...d, ...failed.map((e) => e.id)]);
  if (fixing !== null) return <FixProductDialog entryId={fixing} onClose={() => setFixing(null)} />;
  if (!first) return null;
  if (first.state === 'conflict') return <ConflictPopup entryId={first.id} onDone={dismiss} />;
  const fix = first.fixable ? () => (dismiss(), setFixing(first.id)) : undefined;
  return (
    <AlertPopup
      open
      title="Error"
      message={first.error ?? 'The change could not be saved.'}
      {...(fix ? { onConfirm: fix, confirmLabel: 'Fix', onCancel: dismiss, cancelLabel: 'Later' } : { onConfirm: dismiss })}
    >
      <p className={styles.muted}>
        {fix
          ? 'The change stays in Pending changes, where it can be fixed or discarded.'
          : 'The change stays in Pending changes.'}
      </p>
    </AlertPopup>
  );
}

const conflictRows = (sent: Record<string, unknown>) => FIELD_KEYS.filter((k) => k in sent).map((k) => ({ key: k, label: k }));

function ConflictPopup({ entryId, onDone }: { entryId: number; onDone: () => void }) {
  return (
    <VersionsDialog
      entryId={entryId}
      title="This product was changed by someone else"
      description="Your edit was based on an older version. Choose which version to keep."
      heading="Field"
      rows={conflictRows}
      onDone={onDone}
    />
  );
}
