// The studio's control of a round's status (staff, online only): the seven statuses in words and Save.
// "Needs approval" e-mails the company's approvers: the toast says how many. The round is fetched again
// after a save, so the header and the dashboard's card agree.
import { useState } from 'react';
import { Save, Wrench } from 'lucide-react';
import { failureText, needsConnection } from '../../api/failure-text.ts';
import { ROUND_STATUS, roundStatusWords, reviewWords, type RoundStatus } from '../../api/contract/rules/review.ts';
import { useUserAction } from '../../app/user-action.ts';
import { refreshReviewRound, saveRoundStatus, useSyncStatus } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { notify } from '../../ui/notify.tsx';
import { plural } from '../../ui/format.ts';
import { useReview } from './review-context.ts';
import styles from './review.module.css';

const OPTIONS = (Object.keys(ROUND_STATUS) as RoundStatus[]).map((k) => ({ value: ROUND_STATUS[k], label: roundStatusWords[k] }));

export function RoundStatusControl({ status }: { status: number }) {
  const { ref } = useReview();
  const { online } = useSyncStatus();
  const action = useUserAction();
  const [value, setValue] = useState(status);
  const [error, setError] = useState<string>();
  const save = () => {
    setError(undefined);
    void action.run(
      async (a) => {
        const res = await saveRoundStatus(ref, value, a.key());
        await refreshReviewRound(ref.cid, ref.roundId);
        const mailed = value === ROUND_STATUS.needsApproval ? `${plural(res.mailed, 'approver')} e-mailed.` : undefined;
        notify.saved([reviewWords.statusSaved, mailed].filter(Boolean).join(': '));
      },
      { input: value, onError: (err) => setError(failureText(err, 'Saving the round’s status')) },
    );
  };
  return (
    <section className={styles.studio} aria-label="Studio controls" data-testid="studio-controls">
      <span className={styles.studioLabel}>
        <Wrench size={16} aria-hidden="true" /> Studio
      </span>
      <Select
        label="Round status"
        value={value}
        options={OPTIONS}
        onValueChange={setValue}
        error={error}
        hint={online ? undefined : needsConnection('Saving the status')}
        className={styles.studioStatus}
      />
      <Button icon={<Save />} onClick={save} loading={action.running} disabled={!online || value === status}>
        Save status
      </Button>
    </section>
  );
}
