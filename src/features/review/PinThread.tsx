// One pin's thread: its comment, the replies (the studio's too) in order, a reply box, and Resolve or
// Reopen. Each write is one user action through the outbox (offline too), marked Pending until sent.
import { useState } from 'react';
import { CircleCheck, RotateCcw, X } from 'lucide-react';
import { failureText } from '../../api/failure-text.ts';
import { tableErrors } from '../../api/contract/rules/check.ts';
import { reviewTextRules, reviewWords } from '../../api/contract/rules/review.ts';
import { useUserAction } from '../../app/user-action.ts';
import { replyToPin, setPinState, type ReviewPinData } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { FieldError } from '../../ui/Field.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { Stack } from '../../ui/Layout.tsx';
import { PinNumber } from '../../ui/PinMarker.tsx';
import { TextArea } from '../../ui/TextField.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { pinPlaceWords } from './pin-rules.ts';
import { PendingBadge } from './PendingBadge.tsx';
import { queueAndTell } from '../../app/outcome-toast.ts';
import { useReview } from './review-context.ts';
import styles from './pins.module.css';

function Note({ author, at, body, pending }: { author: string; at: string; body: string; pending?: boolean }) {
  return (
    <li className={styles.note} data-testid="pin-note">
      <p className={styles.noteHead}>
        <strong>{author}</strong>
        <time dateTime={at}>{formatDateTime(at)}</time>
        {pending && <PendingBadge />}
      </p>
      <p className={styles.noteBody}>{body}</p>
    </li>
  );
}

function ReplyBox({ pinId }: { pinId: number }) {
  const { ref } = useReview();
  const action = useUserAction();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const broken = tableErrors(reviewTextRules, { reply: text.trim() }, ['reply']).reply?.[0];
  const send = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    setRefusal(undefined);
    if (broken) return;
    void action.run(
      async (a) => {
        await queueAndTell(() => replyToPin(ref, pinId, text, a.id), reviewWords.replyStored);
        setText('');
        setTried(false);
      },
      { input: { pinId, text: text.trim() }, onError: (err) => setRefusal(failureText(err, 'Replying')) },
    );
  };
  return (
    <form onSubmit={send} noValidate>
      <Stack gap={2}>
        <TextArea
          label="Reply"
          hideLabel
          placeholder="Write a reply…"
          rows={2}
          value={text}
          limit={reviewTextRules.reply.max}
          error={(tried && broken) || refusal || undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <Stack direction="row" justify="flex-end">
          <Button size="sm" type="submit" loading={action.running}>
            Reply
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

function StateButton({ pin }: { pin: ReviewPinData }) {
  const { ref } = useReview();
  const action = useUserAction();
  const [refusal, setRefusal] = useState<string>();
  const next = pin.state === 'open' ? 'resolved' : 'open';
  const go = () =>
    void action.run(
      async (a) => {
        await queueAndTell(
          () => setPinState(ref, pin.id, next, a.id),
          next === 'resolved' ? reviewWords.pinResolved : reviewWords.pinReopened,
        );
      },
      { input: { pin: pin.id, next }, onError: (err) => setRefusal(failureText(err, 'Saving the pin')) },
    );
  return (
    <>
      <Button size="sm" icon={next === 'resolved' ? <CircleCheck /> : <RotateCcw />} loading={action.running} onClick={go}>
        {next === 'resolved' ? 'Resolve' : 'Reopen'}
      </Button>
      {refusal && <FieldError>{refusal}</FieldError>}
    </>
  );
}

export function PinThread({ pin, onClose }: { pin: ReviewPinData; onClose: () => void }) {
  const { canReview } = useReview();
  return (
    <section className={styles.thread} aria-labelledby="pin-thread-heading" data-testid="pin-thread">
      <header className={styles.threadHead}>
        <PinNumber number={pin.number} resolved={pin.state === 'resolved'} pending={pin.pending} />
        <h4 id="pin-thread-heading" className={styles.threadTitle}>
          Pin {pin.number}
        </h4>
        <Badge tone={pin.state === 'open' ? 'info' : 'neutral'} size="sm" data-testid="thread-state">
          {pin.state === 'open' ? 'Open' : 'Resolved'}
        </Badge>
        <span className={styles.threadPlace}>{pinPlaceWords(pin)}</span>
        <IconButton label="Close the thread" icon={<X />} size="sm" onClick={onClose} className={styles.threadClose} />
      </header>
      <ol className={styles.notes} aria-label={`Thread of pin ${pin.number}`}>
        <Note author={pin.author} at={pin.created_at} body={pin.body} pending={pin.pending} />
        {pin.replies.map((r) => (
          <Note key={r.id} author={r.author} at={r.created_at} body={r.body} pending={r.pending} />
        ))}
      </ol>
      {canReview && (
        <>
          <ReplyBox pinId={pin.id} />
          <Stack direction="row" gap={2} align="center" wrap>
            <StateButton pin={pin} />
          </Stack>
        </>
      )}
    </section>
  );
}
