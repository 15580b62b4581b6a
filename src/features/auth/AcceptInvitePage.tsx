// /accept-invite?token=…&email=… (issue 13): the invitation mail's link. It says who is invited where,
// then takes the reset form (choose a password; or, with an account already, confirm it) and ends
// signed in like a login, in the company joined, on the Dashboard or wherever the permissions send.
// A used, replaced, cancelled or expired link says so (the server's message).
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { failureText } from '../../api/failure-text.ts';
import { storeToken } from '../../api/token.ts';
import { acceptInvitation, showInvitation } from '../../api/users.ts';
import { storeCustomer } from '../../app/session-store.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { Callout } from '../../ui/Callout.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { LoadingLabel, SkeletonText } from '../../ui/Skeleton.tsx';
import { AuthFrame, AuthHeading } from './AuthFrame.tsx';
import styles from './auth.module.css';
import { PasswordForm } from './PasswordForm.tsx';

interface Invitation {
  email: string;
  name: string;
  company: string;
  expires_at: string;
  has_account: boolean;
}
type State = { kind: 'loading' } | { kind: 'invalid'; message: string } | { kind: 'ready'; invitation: Invitation };

export default function AcceptInvitePage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const token = query.get('token') ?? '';
  const email = query.get('email') ?? '';
  const [loaded, setLoaded] = useState<State>({ kind: 'loading' });
  const incomplete = !token || !email;
  const state: State = incomplete
    ? { kind: 'invalid', message: 'This invitation link is incomplete. Open it again from the email.' }
    : loaded;

  useEffect(() => {
    if (incomplete) return;
    let live = true;
    showInvitation({ token, email }).then(
      (r) => live && setLoaded({ kind: 'ready', invitation: r.invitation }),
      (err: unknown) => live && setLoaded({ kind: 'invalid', message: failureText(err, 'Opening the invitation') }),
    );
    return () => {
      live = false;
    };
  }, [token, email, incomplete]);

  const accept = async (password: string, key: string) => {
    const res = await acceptInvitation({ token, email, password }, key);
    storeToken(res.token);
    storeCustomer(res.id_customer); // the company just joined
    import('../../data/index.ts').then((d) => d.requestPersistence()).catch((err) => console.error(err));
    navigate('/dashboard', { replace: true }); // the Dashboard's rule sends on those without dashboard-access
  };

  return (
    <AuthFrame pictures>
      {state.kind === 'loading' && (
        <div className={styles.form}>
          <LoadingLabel>Checking the invitation…</LoadingLabel>
          <SkeletonText lines={5} />
        </div>
      )}
      {state.kind === 'invalid' && (
        <div className={styles.form}>
          <AuthHeading
            title="This invitation cannot be used"
            subtitle="Ask the person who invited you to send a new invitation."
          />
          <Callout tone="danger" role="alert">
            {state.message}
          </Callout>
          <Link to="/login" className={buttonClass({ variant: 'secondary', size: 'lg', block: true })}>
            Go to Login
          </Link>
        </div>
      )}
      {state.kind === 'ready' && <InvitationForm invitation={state.invitation} onAccept={accept} />}
    </AuthFrame>
  );
}

function InvitationForm({
  invitation: i,
  onAccept,
}: {
  invitation: Invitation;
  onAccept: (password: string, key: string) => Promise<void>;
}) {
  const welcome = i.has_account
    ? `You already have a Facet account as ${i.email}. Confirm your password to join.`
    : `Welcome, ${i.name}. Choose a password for ${i.email} to sign in.`;
  return (
    <PasswordForm
      heading={
        <AuthHeading
          id="invite-title"
          title={`Join ${i.company}`}
          subtitle={`${welcome} The link works until ${formatDateTime(new Date(i.expires_at))}.`}
        />
      }
      labelledBy="invite-title"
      existing={i.has_account}
      submitLabel={i.has_account ? `Join ${i.company}` : 'Set password and sign in'}
      onSubmit={onAccept}
    />
  );
}
