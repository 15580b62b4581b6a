// Invitations not yet accepted (issue 13): who, with which role, until when the link works, and
// Resend (a new link; the old one stops working) or Revoke (with a confirmation naming the person).
import { useState } from 'react';
import { MailPlus, XCircle } from 'lucide-react';
import { resendInvitation, revokeInvitation } from '../../api/users.ts';
import type { PersonRow } from '../../data/index.ts';
import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { formatDateTime, plural } from '../../ui/format.ts';
import { StatusBadge } from './PeopleTable.tsx';
import { useSecurityCall } from './PersonActions.tsx';
import { useScreen } from './screen.tsx';
import styles from './users.module.css';

export function PendingInvitations({ people }: { people: PersonRow[] }) {
  const { cid, online } = useScreen();
  const { busy, run } = useSecurityCall();
  const [revoking, setRevoking] = useState<PersonRow | null>(null);
  const [resending, setResending] = useState<number | null>(null);
  const invited = people.filter((p) => p.status === 'invited');
  if (!invited.length) return null;
  return (
    <Card
      title="Invitations pending"
      description={`${plural(invited.length, 'person has', 'people have')} not set a password yet.`}
    >
      <ul className={styles.invites}>
        {invited.map((p) => (
          <li key={p.id} className={styles.invite}>
            <Avatar name={p.name} size={32} />
            <span className={styles.inviteWho}>
              <strong>{p.name}</strong>
              <span>{p.email}</span>
            </span>
            <span className={styles.inviteRole}>{p.role?.name}</span>
            <span className={styles.inviteWhen}>
              <StatusBadge person={p} />
              {p.invitation && (
                <span className="tabular">
                  {p.invitation.expired ? 'Expired' : 'Valid until'} {formatDateTime(new Date(p.invitation.expires_at))}
                </span>
              )}
            </span>
            <span className={styles.inviteActions}>
              <Button
                size="sm"
                icon={<MailPlus />}
                disabled={!online || busy}
                aria-label={`Resend the invitation of ${p.name}`}
                loading={busy && resending === p.id}
                onClick={() => (
                  setResending(p.id),
                  void run(['resend', p.id, p.invitation?.expires_at], (key) =>
                    resendInvitation({ id_user: p.id, id_customer: cid }, key),
                  )
                )}
              >
                Resend
              </Button>
              <Button
                size="sm"
                variant="ghost"
                icon={<XCircle />}
                disabled={!online || busy}
                aria-label={`Revoke the invitation of ${p.name}`}
                onClick={() => setRevoking(p)}
              >
                Revoke
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <AlertDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title="Revoke invitation"
        description={
          revoking
            ? `The invitation of ${revoking.name} (${revoking.email}) will be cancelled, and the link in their mail will stop working.`
            : ''
        }
        confirmLabel="Revoke invitation"
        loading={busy}
        onConfirm={() =>
          revoking &&
          void run(
            ['revoke', revoking.id],
            (key) => revokeInvitation({ id_user: revoking.id, id_customer: cid }, key),
            () => setRevoking(null),
          )
        }
      />
    </Card>
  );
}
