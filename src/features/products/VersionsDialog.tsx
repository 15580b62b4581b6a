// A 409 on a queued change (a product's Info, an imagery preset): both versions side by side, the
// differing rows marked, and the choice to keep theirs or mine. The outbox resolves the entry.
import { resolveConflict, useConflict } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './products.module.css';

const show = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : String(v));

interface Props {
  entryId: number;
  /** 'This product was changed by someone else'. */
  title: string;
  description: string;
  /** The first column's heading ('Field', 'Setting'). */
  heading: string;
  /** Which of the sent keys to show, in order, with their labels. */
  rows: (sent: Record<string, unknown>) => { key: string; label: string }[];
  onDone(): void;
}

export function VersionsDialog({ entryId, title, description, heading, rows, onDone }: Props) {
  const conflict = useConflict(entryId);
  if (!conflict) return null;
  const mine = conflict.mine ?? {};
  const theirs = conflict.theirs as unknown as Record<string, unknown>;
  const choose = (c: 'mine' | 'theirs') => {
    onDone();
    void resolveConflict(entryId, c);
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onDone()}
      title={title}
      description={description}
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
            <th scope="col">{heading}</th>
            <th scope="col">Mine</th>
            <th scope="col">Theirs</th>
          </tr>
        </thead>
        <tbody>
          {rows(mine).map(({ key, label }) => (
            <tr key={key} className={show(mine[key]) !== show(theirs[key]) ? styles.differs : undefined}>
              <th scope="row">{label}</th>
              <td>{show(mine[key])}</td>
              <td>{show(theirs[key])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
