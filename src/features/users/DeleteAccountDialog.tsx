// Delete Account (document 3 §4, §5): needs the acting user's password. A wrong one (422) and too many
// wrong ones (429) are said at the password field; any other refusal is the Error popup.
import { useState } from 'react';
import { toFailure } from '../../api/client.ts';
import { deleteUser } from '../../api/users.ts';
import { useUserAction } from '../../app/user-action.ts';
import type { PersonRow } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Stack } from '../../ui/Layout.tsx';
import { notify } from '../../ui/notify.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useScreen } from './screen.tsx';

export function DeleteAccountDialog({ person, onClose }: { person: PersonRow; onClose: () => void }) {
  const { cid, companyName, online, refresh, showError } = useScreen();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useUserAction();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!password) return setError('Enter your password to confirm.');
    void action.run(
      async (a) => {
        const res = await deleteUser({ id_user: person.id, id_customer: cid, password }, a.key());
        notify.saved(res.message);
        onClose();
        void refresh();
      },
      {
        input: password,
        onError: (err) => {
          const f = toFailure(err);
          if (f.status === 422 && f.errors?.password) setError(f.errors.password[0]!);
          else if (f.status === 429) setError(f.message);
          else {
            onClose();
            showError(err);
          }
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Delete Account"
      description={`${person.name} (${person.email}) will be removed from ${companyName}. This cannot be undone.`}
      size="sm"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form="delete-account" variant="danger" loading={action.running} disabled={!online}>
            Delete account
          </Button>
        </>
      }
    >
      <form id="delete-account" onSubmit={submit} noValidate>
        <Stack gap={3}>
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            error={error}
            hint="To delete an account, confirm it is you."
            onChange={(e) => {
              setPassword(e.target.value);
              setError(null);
            }}
          />
        </Stack>
      </form>
    </Dialog>
  );
}
