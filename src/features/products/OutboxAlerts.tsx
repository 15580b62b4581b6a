// Server answers to a queued Info save arrive later (or after reconnecting): the first failed
// step of this product shows its §8 message ('Error adding tag: …'); a 409 shows the fields that
// differ and lets the user keep mine on top of theirs or take theirs; a refused edit offers Fix; a
// product deleted by someone else offers Register it again. Dismissed entries stay in the Pending
// changes panel.
import { useState } from 'react';
import { useProductOutbox } from '../../data/catalog/index.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { useRegisterAgain } from '../add-products/register-again.ts';
import { FixProductDialog } from './FixProductDialog.tsx';
import { productFieldLabel } from './conflict-labels.ts';
import { VersionsDialog } from './VersionsDialog.tsx';
import styles from './products.module.css';

export function OutboxAlerts({ productId }: { productId: number }) {
  const entries = useProductOutbox(productId);
  const registerAgain = useRegisterAgain();
  const [dismissed, setDismissed] = useState<number[]>([]);
  const [fixing, setFixing] = useState<number | null>(null);
  const failed = entries.filter((e) => (e.state === 'parked' || e.state === 'conflict') && !dismissed.includes(e.id));
  const first = failed[0];
  // Later steps parked behind the first failure say only "waiting": one popup for the lot.
  const dismiss = () => setDismissed((d) => [...d, ...failed.map((e) => e.id)]);
  if (fixing !== null) return <FixProductDialog entryId={fixing} onClose={() => setFixing(null)} />;
  if (!first) return null;
  if (first.state === 'conflict') return <ProductConflict entryId={first.id} onDone={dismiss} />;
  const fix = first.fixable ? () => (dismiss(), setFixing(first.id)) : undefined;
  const again = first.productGone && first.action ? () => (dismiss(), void registerAgain(first.id, first.action!)) : undefined;
  const next = fix
    ? { onConfirm: fix, confirmLabel: 'Fix', onCancel: dismiss, cancelLabel: 'Later' }
    : again
      ? { onConfirm: again, confirmLabel: 'Register it again', onCancel: dismiss, cancelLabel: 'Later' }
      : { onConfirm: dismiss };
  return (
    <AlertPopup open title="Error" message={first.error ?? 'The change could not be saved.'} {...next}>
      <p className={styles.muted}>
        {fix
          ? 'The change stays in Pending changes, where it can be fixed or discarded.'
          : again
            ? 'It cannot be saved on a product that no longer exists. Register it again as a new product with these values, or discard the change in Pending changes.'
            : 'The change stays in Pending changes.'}
      </p>
    </AlertPopup>
  );
}

const fieldValue = (k: string, v: unknown) => (k === 'automation_system' ? (Number(v) === 1 ? 'On' : 'Off') : String(v));

/** A product Info edit's conflict (the product page's popup and Pending changes' Review the conflict). */
export function ProductConflict({ entryId, onDone }: { entryId: number; onDone: () => void }) {
  return (
    <VersionsDialog
      entryId={entryId}
      title="This product was changed by someone else"
      noun="Your edit"
      heading="Field"
      label={productFieldLabel}
      format={fieldValue}
      onDone={onDone}
    />
  );
}
