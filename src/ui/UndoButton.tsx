// Undo for a limited time counted from when the button shows (issue 43: the delete popup's Undo, where
// a toast behind the popup ran out unseen). The seconds left show beside its name (not part of it:
// its accessible name stays "Undo"); when they run out the button leaves.
import { useEffect, useState } from 'react';
import { Undo2 } from 'lucide-react';
import { Button } from './Button.tsx';
import { UNDO_MS } from './notify.tsx';
import styles from './UndoButton.module.css';

interface Props {
  onUndo: () => void;
  /** How long it is offered, from the first render. */
  ms?: number;
  loading?: boolean;
}

export function UndoButton({ onUndo, ms = UNDO_MS, loading }: Props) {
  const [until] = useState(() => Date.now() + ms);
  const [left, setLeft] = useState(ms);
  useEffect(() => {
    const t = setInterval(() => setLeft(Math.max(0, until - Date.now())), 250);
    return () => clearInterval(t);
  }, [until]);
  // Once clicked it stays until the work is done, whatever the clock says.
  if (left <= 0 && !loading) return null;
  return (
    <Button variant="secondary" icon={<Undo2 />} loading={loading} onClick={onUndo}>
      Undo{' '}
      <span aria-hidden="true" className={styles.left}>
        {Math.ceil(left / 1000)} s
      </span>
    </Button>
  );
}
