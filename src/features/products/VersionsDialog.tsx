// A 409 on a queued change (a product's Info, an imagery preset), field by field (issue 43): each
// field that differs shows the value the change was based on, mine and theirs, and which one stays.
// A field only one side changed is merged; a field both changed waits for the user's pick (mine
// until they pick theirs). Keep mine sends my fields on top of their version; Take theirs drops my
// part of the change. Never a bare Retry: that would overwrite their change without a word.
import { useState } from 'react';
import { keepMine, takeTheirs, useConflict, type ConflictField, type Settled, type Side } from '../../data/index.ts';
import { productWords } from '../../api/contract/rules/product.ts';
import { useUserAction } from '../../app/user-action.ts';
import { Button } from '../../ui/Button.tsx';
import { Callout } from '../../ui/Callout.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { notify } from '../../ui/notify.tsx';
import { SegmentedControl } from '../../ui/RadioGroup.tsx';
import { cx } from '../../ui/cx.ts';
import styles from './products.module.css';

const blank = (v: unknown) => v === undefined || v === null || v === '';

interface Props {
  entryId: number;
  /** 'This product was changed by someone else'. */
  title: string;
  /** What the change is ('Your edit', 'Your change'): the dialog's explanation starts with it. */
  noun: string;
  /** The first column's heading ('Field', 'Setting'). */
  heading: string;
  /** A field's name as the screen shows it. */
  label: (key: string) => string;
  /** A value as the screen shows it (a switch's On / Off). */
  format?: (key: string, value: unknown) => string;
  onDone(): void;
}

const SIDES = [
  { value: 'mine', label: 'Mine' },
  { value: 'theirs', label: 'Theirs' },
] as const;

export function VersionsDialog({ entryId, title, noun, heading, label, format, onDone }: Props) {
  const conflict = useConflict(entryId);
  const [picks, setPicks] = useState<Record<string, Side>>({});
  const [movedAgain, setMovedAgain] = useState(false);
  const action = useUserAction();
  if (!conflict) return null;
  const show = (key: string, v: unknown) => (blank(v) ? '—' : (format?.(key, v) ?? String(v)));
  const sideOf = (f: ConflictField): Side => (f.changed === 'both' ? (picks[f.key] ?? 'mine') : f.changed);
  const knowsBefore = conflict.fields.some((f) => 'was' in f);
  const after = (r: Settled | undefined, done: () => void) => {
    if (r === 'changed') {
      // A new choice on a new version: a new user action.
      action.reset();
      return setMovedAgain(true);
    }
    onDone();
    if (r === 'deleted')
      notify.error(productWords.deletedElsewhere, 'The change stays in Pending changes, to register it again or discard it.');
    else if (r === 'sent') done();
  };
  const mine = () =>
    void action.run(
      async (a) => {
        const chosen = Object.fromEntries(conflict.fields.filter((f) => f.changed === 'both').map((f) => [f.key, sideOf(f)]));
        after(await keepMine(entryId, chosen, a.key(0)), () =>
          notify.info('Your changes are kept', 'They are sent on top of the other version.'),
        );
      },
      { input: picks, onError: (e) => notify.error('Not sent', (e as Error).message) },
    );
  const theirs = () =>
    void action.run(async () =>
      after(await takeTheirs(entryId), () => notify.info('Their version is kept', 'Your change to these fields was dropped.')),
    );
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onDone()}
      title={title}
      description={`${noun} was based on an older version. Where only one of you changed a field, that change is kept; where you both did, choose which value stays.`}
      size="lg"
      footer={
        <>
          <Button onClick={theirs} disabled={action.running}>
            Take theirs
          </Button>
          <Button variant="primary" onClick={mine} loading={action.running}>
            Keep mine
          </Button>
        </>
      }
    >
      {movedAgain && (
        <Callout tone="warning" role="status">
          Their version changed again while you were choosing. Check the fields below, then choose again.
        </Callout>
      )}
      <table className={styles.conflict} data-testid="conflict-fields">
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            {knowsBefore && <th scope="col">Before</th>}
            <th scope="col">Mine</th>
            <th scope="col">Theirs</th>
            <th scope="col">Kept</th>
          </tr>
        </thead>
        <tbody>
          {conflict.fields.map((f) => (
            <tr key={f.key} className={f.changed === 'both' ? styles.differs : undefined} data-changed={f.changed}>
              <th scope="row">{label(f.key)}</th>
              {knowsBefore && <td className={styles.before}>{show(f.key, f.was)}</td>}
              <td className={cx(sideOf(f) === 'mine' && styles.kept)}>{show(f.key, f.mine)}</td>
              <td className={cx(sideOf(f) === 'theirs' && styles.kept)}>{show(f.key, f.theirs)}</td>
              <td>
                {f.changed === 'both' ? (
                  <SegmentedControl
                    size="sm"
                    label={`Keep for ${label(f.key)}`}
                    value={sideOf(f)}
                    options={SIDES}
                    onValueChange={(v) => setPicks((p) => ({ ...p, [f.key]: v }))}
                  />
                ) : f.changed === 'mine' ? (
                  'Mine'
                ) : (
                  'Theirs'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
