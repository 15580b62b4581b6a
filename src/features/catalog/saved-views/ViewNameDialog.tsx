// Save view and Rename view: one field, the view's name, checked with the contract's rule (required, at
// most 60 characters, not a name of another of the user's views here) in the server's own words.
import { useState, type FormEvent } from 'react';
import { savedViewErrors, savedViewRules } from '../../../api/contract/rules/saved-view.ts';
import type { SavedViewItem } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useViewWrite } from './useViewWrite.ts';

interface Props {
  /** Rename: the view; Save: none. */
  view?: SavedViewItem;
  /** The user's views of this company (the name must differ from theirs). */
  views: readonly SavedViewItem[];
  onClose: () => void;
  /** Queues the write under the action's id. */
  write: (name: string, actionId: string) => Promise<unknown>;
}

const FORM_ID = 'saved-view-name';

export function ViewNameDialog({ view, views, onClose, write }: Props) {
  const [name, setName] = useState(view?.name ?? '');
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const action = useViewWrite();
  const error = tried ? (savedViewErrors({ name: name.trim() }, views, view?.id).name?.[0] ?? refused) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setRefused(null);
    if (savedViewErrors({ name: name.trim() }, views, view?.id).name) return;
    const done = view ? `View renamed to “${name.trim()}”` : `View “${name.trim()}” saved`;
    action
      .run((id) => write(name, id), { name: name.trim(), view: view?.id }, done)
      .then(onClose, (err: unknown) => setRefused((err as Error).message));
  };
  const length = [...name].length;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={view ? 'Rename view' : 'Save view'}
      description={view ? undefined : 'Keep the current section, filters, search, sort and thumbnail size under a name.'}
      size="sm"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={FORM_ID} variant="primary" loading={action.running}>
            {view ? 'Rename' : 'Save view'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <TextField
          label="Name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setRefused(null);
          }}
          error={error}
          aside={`${length}/${savedViewRules.name.max}`}
          autoComplete="off"
          required
        />
      </form>
    </Dialog>
  );
}
