// A person's actions (manage-users, §6): Disable Account or enable it, Delete Account (with the acting
// user's password), and for an invitation Resend or Revoke. Each is sent at once (never queued), ends
// in a toast, and a refusal shows the Error popup with the server's message.
import { useCallback, useState } from 'react';
import { Ban, CircleCheck, MailPlus, MoreHorizontal, Trash2, XCircle } from 'lucide-react';
import { disableUser, enableUser, resendInvitation, revokeInvitation } from '../../api/users.ts';
import { useUserAction } from '../../app/user-action.ts';
import type { PersonRow } from '../../data/index.ts';
import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { DropdownMenu, type MenuItem } from '../../ui/DropdownMenu.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { notify } from '../../ui/notify.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { useScreen } from './screen.tsx';

type Open = null | 'disable' | 'delete' | 'revoke';

/**
 * Runs one security call as a user action: toast on success, the Error popup otherwise, then the
 * lists again. `what` names the action (verb, person, and the state it acts on): repeating it (a
 * double click) joins it, and nothing is sent while one runs.
 */
export function useSecurityCall() {
  const { refresh, showError } = useScreen();
  const { running, run: runAction } = useUserAction();
  const run = useCallback(
    (what: unknown, call: (key: string) => Promise<{ message?: string }>, after?: () => void) =>
      runAction(
        async (a) => {
          const res = await call(a.key());
          notify.saved(res.message);
          after?.();
          void refresh();
        },
        {
          input: what,
          onError: (err) => {
            after?.();
            showError(err);
            void refresh();
          },
        },
      ),
    [runAction, refresh, showError],
  );
  return { busy: running, run };
}

export function PersonActions({ person }: { person: PersonRow }) {
  const { cid, companyName, online } = useScreen();
  const [open, setOpen] = useState<Open>(null);
  const { busy, run } = useSecurityCall();
  const ids = { id_user: person.id, id_customer: cid };
  const close = () => setOpen(null);

  const items: MenuItem[] =
    person.status === 'invited'
      ? [
          {
            label: 'Resend invitation',
            icon: <MailPlus />,
            onSelect: () => void run(['resend', person.invitation?.expires_at], (key) => resendInvitation(ids, key)),
          },
          { separator: true },
          { label: 'Revoke invitation', icon: <XCircle />, danger: true, onSelect: () => setOpen('revoke') },
        ]
      : [
          person.status === 'active'
            ? { label: 'Disable Account', icon: <Ban />, onSelect: () => setOpen('disable') }
            : {
                label: 'Enable Account',
                icon: <CircleCheck />,
                onSelect: () => void run(['enable'], (key) => enableUser(ids, key)),
              },
          { separator: true },
          { label: 'Delete Account', icon: <Trash2 />, danger: true, onSelect: () => setOpen('delete') },
        ];

  return (
    <>
      <DropdownMenu
        label={`Actions for ${person.name}`}
        items={items}
        trigger={
          <IconButton
            label={`Actions for ${person.name}`}
            icon={<MoreHorizontal />}
            size="sm"
            tooltip={false}
            disabled={!online || busy}
          />
        }
      />
      <AlertDialog
        open={open === 'disable'}
        onOpenChange={(o) => !o && close()}
        title="Disable Account"
        description={`${person.name} (${person.email}) will be signed out at once and cannot sign in to ${companyName} until the account is enabled again.`}
        confirmLabel="Disable account"
        loading={busy}
        onConfirm={() => void run(['disable'], (key) => disableUser(ids, key), close)}
      />
      <AlertDialog
        open={open === 'revoke'}
        onOpenChange={(o) => !o && close()}
        title="Revoke invitation"
        description={`The invitation of ${person.name} (${person.email}) will be cancelled, and the link in their mail will stop working.`}
        confirmLabel="Revoke invitation"
        loading={busy}
        onConfirm={() => void run(['revoke'], (key) => revokeInvitation(ids, key), close)}
      />
      {open === 'delete' && <DeleteAccountDialog person={person} onClose={close} />}
    </>
  );
}
