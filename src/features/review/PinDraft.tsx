// The small comment box that opens where a pin is being dropped: Save adds the pin with its comment
// (one user action: a double click is one pin), Cancel or Escape drops the idea. It opens towards the
// middle of the stage, so it never leaves it.
import { useState, type CSSProperties } from 'react';
import { failureText } from '../../api/failure-text.ts';
import { tableErrors } from '../../api/contract/rules/check.ts';
import { reviewTextRules, reviewWords } from '../../api/contract/rules/review.ts';
import { useUserAction } from '../../app/user-action.ts';
import { addPin, type PinPlace } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Stack } from '../../ui/Layout.tsx';
import { TextArea } from '../../ui/TextField.tsx';
import { queueAndTell } from '../../app/outcome-toast.ts';
import { useReview } from './review-context.ts';
import styles from './pins.module.css';

interface Props {
  versionId: number;
  number: number;
  place: PinPlace;
  /** The point in the stage's box (px) and the box's size. */
  at: { x: number; y: number; width: number; height: number };
  onDone: (saved: boolean) => void;
}

const GAP = 18;

/** Anchored at the point, opening towards the middle of the box. */
function placement({ x, y, width, height }: Props['at']): CSSProperties {
  return {
    ...(x < width / 2 ? { left: Math.max(8, x - 24) } : { right: Math.max(8, width - x - 24) }),
    ...(y < height / 2 ? { top: y + GAP } : { bottom: height - y + GAP }),
  };
}

export function PinDraft({ versionId, number, place, at, onDone }: Props) {
  const { ref } = useReview();
  const action = useUserAction();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const broken = tableErrors(reviewTextRules, { comment: text.trim() }, ['comment']).comment?.[0];
  const error = (tried && broken) || refusal;

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    setRefusal(undefined);
    if (broken) return;
    void action.run(
      async (a) => {
        await queueAndTell(() => addPin(ref, versionId, place, text, a.id), reviewWords.pinStored);
        onDone(true);
      },
      { input: { place, text: text.trim() }, onError: (err) => setRefusal(failureText(err, 'Adding a pin')) },
    );
  };

  return (
    <form
      className={styles.draft}
      style={placement(at)}
      onSubmit={save}
      onKeyDown={(e) => e.key === 'Escape' && onDone(false)}
      aria-label={`New pin ${number}`}
      data-testid="pin-draft"
      noValidate
    >
      <Stack gap={2}>
        <TextArea
          label={`Pin ${number}: your comment`}
          value={text}
          rows={3}
          limit={reviewTextRules.comment.max}
          error={error || undefined}
          autoFocus
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Ctrl/⌘+Enter saves, as in most comment boxes.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) save(e);
          }}
        />
        <Stack direction="row" gap={2} justify="flex-end">
          <Button size="sm" variant="ghost" onClick={() => onDone(false)}>
            Cancel
          </Button>
          <Button size="sm" variant="primary" type="submit" loading={action.running}>
            Save pin
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
