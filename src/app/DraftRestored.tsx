// Said when a form opens with what was typed before a reload (issue 43): the draft's time, and
// Discard (asked first, as every discard is) to start from the saved record again.
import { History } from 'lucide-react';
import { Button } from '../ui/Button.tsx';
import { Callout } from '../ui/Callout.tsx';
import { formatDateTime } from '../ui/format.ts';

export function DraftRestored({ at, onDiscard, className }: { at: number | null; onDiscard: () => void; className?: string }) {
  if (at === null) return null;
  return (
    <Callout tone="info" role="status" icon={<History />} className={className}>
      Restored your unsaved changes from {formatDateTime(at)}.{' '}
      <Button variant="link" size="sm" onClick={onDiscard}>
        Discard
      </Button>
    </Callout>
  );
}
