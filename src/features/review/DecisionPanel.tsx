// The decision on the shown version: Approve, or Request changes with a note (an open pin or a note
// needed). Past the free change requests, the terms' warning shows first. Once decided: what, by whom
// and when. An older version says it has been replaced, and takes no decision.
import { useState } from 'react';
import { CircleCheck, History, PencilLine } from 'lucide-react';
import { failureText } from '../../api/failure-text.ts';
import { tableErrors } from '../../api/contract/rules/check.ts';
import { FREE_CHANGE_REQUESTS, reviewTextRules, reviewWords } from '../../api/contract/rules/review.ts';
import { useUserAction } from '../../app/user-action.ts';
import { decideVersion, type Decision, type ReviewModelData, type ReviewVersionData } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Callout } from '../../ui/Callout.tsx';
import { Card } from '../../ui/Card.tsx';
import { Stack } from '../../ui/Layout.tsx';
import { TextArea } from '../../ui/TextField.tsx';
import { formatDateTime, plural } from '../../ui/format.ts';
import { openPins } from './pin-rules.ts';
import { PendingBadge } from './PendingBadge.tsx';
import { queueAndTell } from '../../app/outcome-toast.ts';
import { useReview } from './review-context.ts';
import styles from './review.module.css';

function Decided({ v }: { v: ReviewVersionData }) {
  const approved = v.decision === 'approved';
  return (
    <div className={styles.decided} data-testid="decision">
      <Stack direction="row" gap={2} align="center" wrap>
        <Badge tone={approved ? 'success' : 'warning'} icon={approved ? <CircleCheck /> : <PencilLine />}>
          {approved ? 'Approved' : 'Changes requested'}
        </Badge>
        {v.decision_pending && <PendingBadge />}
      </Stack>
      {/* Made on this device and just sent: the server's name for it comes with the next read. */}
      <p className={styles.muted}>
        By {v.decided_by ?? 'you'}
        {v.decided_at && `, ${formatDateTime(v.decided_at)}`}
      </p>
      {v.decision_note && <p className={styles.decisionNote}>{v.decision_note}</p>}
    </div>
  );
}

function DecisionForm({ model, version }: { model: ReviewModelData; version: ReviewVersionData }) {
  const { ref } = useReview();
  const approving = useUserAction();
  const requesting = useUserAction();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const open = openPins(version);
  const noteError = tableErrors(reviewTextRules, { note: note.trim() }).note?.[0];

  const decide = (decision: Decision) => {
    const action = decision === 'approved' ? approving : requesting;
    setError(undefined);
    if (noteError) return setError(noteError);
    if (decision === 'changes_requested' && !note.trim() && open === 0) return setError(reviewWords.changesNeedPinOrNote);
    void action.run(
      async (a) => {
        await queueAndTell(
          () => decideVersion(ref, { id: version.id, openPins: open }, decision, note, a.id),
          decision === 'approved' ? reviewWords.approved : reviewWords.changesRequested,
        );
      },
      { input: { decision, note: note.trim(), open }, onError: (err) => setError(failureText(err, 'Saving the decision')) },
    );
  };
  const busy = approving.running || requesting.running;
  return (
    <Stack gap={3}>
      <TextArea
        label="Note for the studio"
        hint={open ? `${plural(open, 'open pin')} will go with a change request.` : 'Optional with Approve.'}
        rows={3}
        value={note}
        limit={reviewTextRules.note.max}
        error={error}
        onChange={(e) => setNote(e.target.value)}
      />
      {model.change_requests >= FREE_CHANGE_REQUESTS && (
        <Callout tone="warning">{reviewWords.beyondFree(model.change_requests)}</Callout>
      )}
      <Stack direction="row" gap={2} justify="flex-end" wrap>
        <Button onClick={() => decide('changes_requested')} loading={requesting.running} disabled={busy}>
          Request changes
        </Button>
        <Button
          variant="primary"
          icon={<CircleCheck />}
          onClick={() => decide('approved')}
          loading={approving.running}
          disabled={busy}
        >
          Approve
        </Button>
      </Stack>
    </Stack>
  );
}

export function DecisionPanel({ model, version }: { model: ReviewModelData; version: ReviewVersionData }) {
  const { canReview } = useReview();
  const latest = model.versions.at(-1)!;
  const replaced = version.id !== latest.id;
  return (
    <Card title={`Decision on version ${version.number}`} headingLevel={3} data-testid="decision-panel">
      <Stack gap={3}>
        {replaced && (
          <Callout tone="info" icon={<History />}>
            Version {version.number} has been replaced by version {latest.number}.
          </Callout>
        )}
        {version.decision ? (
          <Decided v={version} />
        ) : replaced ? (
          <p className={styles.muted}>No decision was made on this version.</p>
        ) : canReview ? (
          <DecisionForm model={model} version={version} />
        ) : (
          <p className={styles.muted}>Waiting for a decision by someone who may approve the studio’s work.</p>
        )}
      </Stack>
    </Card>
  );
}
