// Login (document 1 §2, §4, §5, §8): sign-in, Sign Up, forgot-password mode.
// Kept light: only the auth calls, no shell, no data layer until signed in.
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { forgotPassword, login } from '../../api/auth.ts';
import { authWords } from '../../api/contract/rules/auth.ts';
import { failureText } from '../../api/failure-text.ts';
import { readToken, storeToken } from '../../api/token.ts';
import { useUserAction } from '../../app/user-action.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Callout } from '../../ui/Callout.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthFrame, AuthHeading } from './AuthFrame.tsx';
import styles from './auth.module.css';
import { forgotWarning, LOGIN_ERROR_MS, loginError, normaliseEmail } from './rules.ts';
import { useFlash } from './useFlash.ts';

type Mode = 'login' | 'forgot' | 'sent';

export default function LoginPage() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, flash] = useFlash(LOGIN_ERROR_MS);
  const signing = useUserAction();
  const reset = useUserAction();

  if (readToken() && !loading) return <Navigate to="/dashboard" replace />;

  function signIn(e: React.FormEvent) {
    e.preventDefault();
    const invalid = loginError(email, password);
    if (invalid) return flash(invalid);
    flash(null);
    // One sign-in per submit: Enter pressed twice before the page redraws opens one session, not two.
    void signing.run(
      async () => {
        setLoading(true);
        // The data layer is loaded only now; the local database opens (and upgrades) while the sign-in
        // is asked, so that it is done before the dashboard shows (data/db.ts openAtStart).
        const data = import('../../data/index.ts');
        data.then((d) => d.openAtStart()).catch((err) => console.error(err));
        const res = await login({ email: normaliseEmail(email), password });
        storeToken(res.token);
        // Ask the browser to keep the offline data (DESIGN "Offline model").
        data.then((d) => d.requestPersistence()).catch((err) => console.error(err));
        navigate('/dashboard', { replace: true });
      },
      {
        input: [email, password],
        onError: (err) => {
          setLoading(false);
          flash(failureText(err, 'Signing in'));
        },
      },
    );
  }

  function sendReset(e: React.FormEvent) {
    e.preventDefault();
    flash(forgotWarning(email)); // shown, and the request is still sent (§5)
    const to = normaliseEmail(email);
    // One link per address asked for: Enter twice (or a double click) sends one mail.
    void reset.run(
      async (a) => {
        await forgotPassword(to, a.key());
        setMode('sent');
      },
      { input: to, onError: (err) => flash(failureText(err, 'Asking for a reset link')) },
    );
  }

  const errorNote = error && (
    <Callout tone="danger" role="alert">
      {error}
    </Callout>
  );

  return (
    <AuthFrame pictures>
      {mode === 'login' && (
        <form onSubmit={signIn} noValidate aria-labelledby="login-title" className={styles.form}>
          <AuthHeading id="login-title" title="Sign in" subtitle="Welcome back. Sign in to manage your catalogue." />
          <TextField
            label="Email"
            id="login-email"
            type="email"
            autoComplete="username"
            size="lg"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label="Password"
            id="login-password"
            type="password"
            autoComplete="current-password"
            size="lg"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aside={
              <Button variant="link" size="sm" onClick={() => (flash(null), setMode('forgot'))}>
                Forgot your password?
              </Button>
            }
          />
          <div className={styles.actions}>
            {errorNote}
            <Button type="submit" variant="primary" size="lg" block loading={loading}>
              {loading ? 'Loading...' : 'Login'}
            </Button>
            <p className={styles.divider}>New to Facet?</p>
            <Link to="/register/customer" className={buttonClass({ variant: 'secondary', size: 'lg', block: true })}>
              Sign Up
            </Link>
          </div>
        </form>
      )}
      {mode === 'forgot' && (
        <form onSubmit={sendReset} noValidate aria-labelledby="forgot-title" className={styles.form}>
          <AuthHeading id="forgot-title" title="Reset your password" subtitle="We will email you a link to choose a new one." />
          <TextField
            label="Email"
            id="forgot-email"
            type="email"
            autoComplete="username"
            size="lg"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <div className={styles.actions}>
            {/* the format warning stays visible while the request still goes out (§5) */}
            {errorNote}
            <Button type="submit" variant="primary" size="lg" block loading={reset.running}>
              {reset.running ? 'Loading...' : 'Send reset link'}
            </Button>
            <Button variant="link" className={styles.center} onClick={() => (flash(null), setMode('login'))}>
              Back to login
            </Button>
          </div>
        </form>
      )}
      {mode === 'sent' && (
        <div aria-live="polite" className={styles.form}>
          <AuthHeading title="Check your email" />
          <Callout tone="success">{authWords.resetSent}</Callout>
          <Button variant="secondary" size="lg" block onClick={() => setMode('login')}>
            Back to login
          </Button>
        </div>
      )}
    </AuthFrame>
  );
}
