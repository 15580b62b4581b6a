// Pending changes' "Review the conflict" (issue 43): the conflict's own field-by-field dialog, a
// product's Info edit or an imagery preset's, whichever command the stopped step is.
import { useEffect } from 'react';
import { useConflict } from '../data/index.ts';
import { PresetConflict } from '../features/imagery/ImageryAlerts.tsx';
import { ProductConflict } from '../features/products/OutboxAlerts.tsx';

export function ConflictReview({ entryId, onDone }: { entryId: number; onDone: () => void }) {
  const conflict = useConflict(entryId);
  // Settled meanwhile (the product page's popup, another tab): the panel comes back.
  useEffect(() => {
    if (conflict === null) onDone();
  }, [conflict, onDone]);
  if (!conflict) return null;
  return conflict.command === 'products.edit' ? (
    <ProductConflict entryId={entryId} onDone={onDone} />
  ) : (
    <PresetConflict entryId={entryId} onDone={onDone} />
  );
}
