// Answers to queued imagery changes that arrive later (or after reconnecting): the first refused one
// of this product shows the §8 'Error' popup; a preset edited meanwhile by someone else (409) shows
// both versions, to keep mine or theirs (as product Info does). Popups already shown by the screen
// that queued the change (`reported`) are not shown twice; everything stays in Pending changes.
import { useState } from 'react';
import { presetKeys, resolveConflict, useConflict, useImageryOutbox, type PresetSection } from '../../data/index.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { errorText } from './preset-rules.ts';
import styles from './imagery.module.css';
// The mine/theirs table looks like product Info's.
import conflictStyles from '../products/products.module.css';

export function ImageryAlerts({ productId, reported }: { productId: number; reported: ReadonlySet<string> }) {
  const entries = useImageryOutbox(productId);
  const [dismissed, setDismissed] = useState<string[]>([]);
  const first = entries.find((e) => (e.state === 'parked' || e.state === 'conflict') && !reported.has(e.action) && !dismissed.includes(e.action));
  if (!first) return null;
  const dismiss = () => setDismissed((d) => [...d, first.action]);
  if (first.state === 'conflict') {
    const section = /\/automation\/(silo|vignette|360)\//.exec(first.path)?.[1] as PresetSection;
    return <PresetConflict entryId={first.id} section={section} onDone={dismiss} />;
  }
  return (
    <AlertPopup open title="Error" message={errorText(first.error ?? 'The change could not be sent.')} onConfirm={dismiss}>
      <p className={styles.muted}>The change stays in Pending changes, where it can be retried or discarded.</p>
    </AlertPopup>
  );
}

const LABELS: Record<string, string> = {
  background: 'Background', hasShadow: 'Drop Shadow on', shadow: 'Drop Shadow', hasReflection: 'Reflection on', reflection: 'Reflection',
  saturation: 'Saturation', brightness: 'Brightness', image_scale: 'Scale', image_offset_x: 'Horizontal Offset', image_offset_y: 'Vertical Offset',
  bg_scale: 'Background Scale', bg_offset_x: 'Background Horizontal Offset', bg_offset_y: 'Background Vertical Offset',
};
const show = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : String(v));

function PresetConflict({ entryId, section, onDone }: { entryId: number; section: PresetSection; onDone: () => void }) {
  const conflict = useConflict(entryId);
  if (!conflict) return null;
  const mine = conflict.mine ?? {};
  const theirs = conflict.theirs as unknown as Record<string, unknown>;
  const keys = presetKeys(section).filter((k) => k in mine);
  const choose = (c: 'mine' | 'theirs') => {
    onDone();
    void resolveConflict(entryId, c);
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onDone()}
      title="This preset was changed by someone else"
      description="Your change was based on an older version. Choose which version to keep."
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
      <table className={conflictStyles.conflict}>
        <thead>
          <tr>
            <th scope="col">Setting</th>
            <th scope="col">Mine</th>
            <th scope="col">Theirs</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k} className={show(mine[k]) !== show(theirs[k]) ? conflictStyles.differs : undefined}>
              <th scope="row">{LABELS[k] ?? k}</th>
              <td>{show(mine[k])}</td>
              <td>{show(theirs[k])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
