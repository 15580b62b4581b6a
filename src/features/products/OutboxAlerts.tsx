// Server answers to a queued Info save arrive later (or after reconnecting): the first failed
// step of this product shows its §8 message ('Error adding tag: …'); a 409 shows both versions
// and lets the user keep theirs or mine. Dismissed entries stay in the Pending changes panel.
import { useState } from 'react';
import { resolveConflict, useConflict, type ProductRow } from '../../data/index.ts';
import { useProductOutbox } from '../../data/ui-extras.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FIELD_KEYS } from './product-rules.ts';
import styles from './products.module.css';

export function OutboxAlerts({ productId }: { productId: number }) {
  const entries = useProductOutbox(productId);
  const [dismissed, setDismissed] = useState<number[]>([]);
  const failed = entries.filter((e) => (e.state === 'parked' || e.state === 'conflict') && !dismissed.includes(e.id));
  const first = failed[0];
  // Later steps parked behind the first failure say only "waiting": one popup for the lot.
  const dismiss = () => setDismissed((d) => [...d, ...failed.map((e) => e.id)]);
  if (!first) return null;
  if (first.state === 'conflict') return <ConflictPopup entryId={first.id} onDone={dismiss} />;
  return (
    <AlertPopup open title="Error" message={first.error ?? 'The change could not be saved.'} onConfirm={dismiss}>
      <p className={styles.muted}>The change stays in Pending changes, where it can be retried or discarded.</p>
    </AlertPopup>
  );
}

const show = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : String(v));

function ConflictPopup({ entryId, onDone }: { entryId: number; onDone: () => void }) {
  const conflict = useConflict(entryId);
  if (!conflict) return null;
  const mine = conflict.mine ?? {};
  const theirs = conflict.theirs as ProductRow;
  const keys = FIELD_KEYS.filter((k) => k in mine);
  const choose = (c: 'mine' | 'theirs') => {
    onDone();
    void resolveConflict(entryId, c);
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onDone()}
      title="This product was changed by someone else"
      description="Your edit was based on an older version. Choose which version to keep."
      size="lg"
      footer={
        <>
          <Button onClick={() => choose('theirs')}>Keep theirs</Button>
          <Button variant="primary" onClick={() => choose('mine')}>
            Keep mine
          </Button>
        </>
      }
    >
      <table className={styles.conflict}>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Mine</th>
            <th scope="col">Theirs</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k} className={show(mine[k]) !== show(theirs[k]) ? styles.differs : undefined}>
              <th scope="row">{k}</th>
              <td>{show(mine[k])}</td>
              <td>{show(theirs[k])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
