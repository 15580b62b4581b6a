// "Nothing a user is typing is overwritten" (issue 44): while Info is in edit mode, the product may be
// saved by someone else (the live channel pulls it in place). The form keeps the user's typing and this
// notice says who changed it, with the choice: take their version (the form starts again from it) or keep
// one's own (the notice goes; Save sends only the fields the user changed). The fuller mine/theirs
// comparison is the outbox's conflict view (issue 43).
import { useState } from 'react';
import { useChangedBy } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Callout } from '../../ui/Callout.tsx';
import styles from './products.module.css';

interface Props {
  productId: number;
  /** The product's version as the mirror holds it now. */
  updatedAt: string | undefined;
  /** Starts the edit again from the product as it is now. */
  onTheirs: () => void;
}

export function ChangedByNotice({ productId, updatedAt, onTheirs }: Props) {
  // Mounted with edit mode: the version the edit began from, moved on by either choice.
  const [seen, setSeen] = useState(updatedAt);
  const actor = useChangedBy('products', productId);
  if (updatedAt === seen) return null;
  const who = actor?.by.name ?? 'another user';
  return (
    <Callout tone="warning" role="status" className={styles.changedBy}>
      <span data-testid="changed-by">Changed by {who} just now.</span> Your changes are still here: take their version, or keep
      yours and save it over theirs.
      <span className={styles.changedByActions}>
        <Button
          size="sm"
          onClick={() => {
            setSeen(updatedAt);
            onTheirs();
          }}
        >
          Take theirs
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setSeen(updatedAt)}>
          Keep mine
        </Button>
      </span>
    </Callout>
  );
}
