// "Discard your changes?": asked before unsaved changes are thrown away (UnsavedBlocker).
import { AlertDialog } from '../ui/AlertDialog.tsx';

const DISCARD_WORDS = {
  title: 'Discard your changes?',
  description: 'What you changed here has not been saved. Discarding it cannot be undone.',
  keep: 'Keep editing',
  discard: 'Discard',
};

export default function DiscardDialog({ onAnswer }: { onAnswer: (discard: boolean) => void }) {
  return (
    <AlertDialog
      open
      onOpenChange={(open) => !open && onAnswer(false)}
      title={DISCARD_WORDS.title}
      description={DISCARD_WORDS.description}
      cancelLabel={DISCARD_WORDS.keep}
      confirmLabel={DISCARD_WORDS.discard}
      onConfirm={() => onAnswer(true)}
    />
  );
}
