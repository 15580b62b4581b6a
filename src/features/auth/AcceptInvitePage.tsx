// /accept-invite?token=…&email=… (issue 13): the invitation mail's link. It says who invited the person
// where, then takes the reset form (choose a password; or, with an account already, confirm it) and
// ends signed in like a login, in the company joined, on the Dashboard or wherever the permissions send.
// A used, replaced, cancelled or expired link says so (the server's message).
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toFailure } from '../../api/client.ts';
import { storeToken } from '../../api/token.ts';
import { acceptInvitation, showInvitation } from '../../api/users.ts';
import { storeCustomer } from '../../app/session-store.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { FieldError } from '../../ui/Field.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { Stack } from '../../ui/Layout.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { LoadingLabel, SkeletonText } from '../../ui/Skeleton.tsx';
import { LoginBackground } from './Background.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import styles from './invite.module.css';

interface Invitation { email: string; name: string; company: string; expires_at: string; has_account: boolean }
type State = { kind: 'loading' } | { kind: 'invalid'; message: string } | { kind: 'ready'; invitation: Invitation };

export default function AcceptInvitePage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const token = query.get('token') ?? '';
  const email = query.get('email') ?? '';
  const [loaded, setLoaded] = useState<State>({ kind: 'loading' });
  const incomplete = !token || !email;
  const state: State = incomplete ? { kind: 'invalid', message: 'This invitation link is incomplete. Open it again from the email.' } : loaded;

  useEffect(() => {
    if (incomplete) return;
    let live = true;
    showInvitation({ token, email }).then(
      (r) => live && setLoaded({ kind: 'ready', invitation: r.invitation }),
      (err: unknown) => live && setLoaded({ kind: 'invalid', message: toFailure(err).message }),
    );
    return () => {
      live = false;
    };
  }, [token, email, incomplete]);

  const accept = async (password: string) => {
    const res = await acceptInvitation({ token, email, password });
    storeToken(res.token);
    storeCustomer(res.id_customer); // the company just joined
    import('../../data/index.ts').then((d) => d.requestPersistence()).catch((err) => console.error(err));
    navigate('/dashboard', { replace: true }); // the Dashboard's rule sends on those without dashboard-access
  };

  return (
    <main className={styles.page}>
      <LoginBackground />
      <div className={styles.card}>
        <Logo size={30} />
        {state.kind === 'loading' && (
          <>
            <LoadingLabel>Checking the invitation…</LoadingLabel>
            <SkeletonText lines={4} />
          </>
        )}
        {state.kind === 'invalid' && (
          <Stack gap={4}>
            <h1 className={styles.title}>This invitation cannot be used</h1>
            <div role="alert">
              <FieldError>{state.message}</FieldError>
            </div>
            <p className={styles.text}>Ask the person who invited you to send a new invitation.</p>
            <Link to="/login" className={buttonClass({ variant: 'secondary', size: 'lg', block: true })}>
              Go to Login
            </Link>
          </Stack>
        )}
        {state.kind === 'ready' && (
          <Stack gap={5}>
            <Stack gap={1}>
              <h1 id="invite-title" className={styles.title}>Join {state.invitation.company}</h1>
              <p className={styles.text}>
                {state.invitation.has_account
                  ? `You already have a Facet account as ${state.invitation.email}. Confirm your password to join.`
                  : `Welcome, ${state.invitation.name}. Choose a password for ${state.invitation.email} to sign in.`}
              </p>
              <p className={styles.small}>The link works until {formatDateTime(new Date(state.invitation.expires_at))}.</p>
            </Stack>
            <PasswordForm
              existing={state.invitation.has_account}
              submitLabel={state.invitation.has_account ? `Join ${state.invitation.company}` : 'Set password and sign in'}
              onSubmit={accept}
              labelledBy="invite-title"
            />
          </Stack>
        )}
      </div>
    </main>
  );
}
