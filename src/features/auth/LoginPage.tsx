// Login (document 1 §2, §4, §5, §8): sign-in, Sign Up, forgot-password mode.
// Kept light: only the auth calls, no shell, no data layer until signed in.
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { forgotPassword, login } from '../../api/auth.ts';
import { toFailure } from '../../api/client.ts';
import { readToken, storeToken } from '../../api/token.ts';
import { LoginBackground } from './Background.tsx';
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

  if (readToken() && !loading) return <Navigate to="/dashboard" replace />;

  async function signIn(e: React.FormEvent) {
    e.preventDefault();
    const invalid = loginError(email, password);
    if (invalid) return flash(invalid);
    flash(null);
    setLoading(true);
    try {
      const res = await login({ email: normaliseEmail(email), password });
      storeToken(res.token);
      // Ask the browser to keep the offline data (DESIGN "Offline model"); loaded only now.
      import('../../data/index.ts').then((d) => d.requestPersistence()).catch((err) => console.error(err));
      navigate('/dashboard', { replace: true });
    } catch (err) {
      setLoading(false);
      flash(toFailure(err).message);
    }
  }

  async function sendReset(e: React.FormEvent) {
    e.preventDefault();
    flash(forgotWarning(email)); // shown, and the request is still sent (§5)
    setLoading(true);
    try {
      await forgotPassword(normaliseEmail(email));
      setMode('sent');
    } catch (err) {
      flash(toFailure(err).message);
    } finally {
      setLoading(false);
    }
  }

  const status = loading ? (
    <p className="form-status" role="status">
      <span className="spinner" aria-hidden="true" /> Loading...
    </p>
  ) : error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null;

  return (
    <main className="login-page">
      <LoginBackground />
      <div className="login-card">
        <p className="brand">Facet</p>
        {mode === 'login' && (
          <form onSubmit={signIn} noValidate aria-labelledby="login-title">
            <h1 id="login-title">Sign in</h1>
            <label htmlFor="login-email">Email</label>
            <input id="login-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
            <label htmlFor="login-password">Password</label>
            <input id="login-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            <button type="button" className="link-button" onClick={() => (flash(null), setMode('forgot'))}>
              Forgot your password?
            </button>
            <div className="button-area">
              {status ?? (
                <button type="submit" className="button primary wide">
                  Login
                </button>
              )}
            </div>
            <Link to="/register/customer" className="button secondary wide">
              Sign Up
            </Link>
          </form>
        )}
        {mode === 'forgot' && (
          <form onSubmit={sendReset} noValidate aria-labelledby="forgot-title">
            <h1 id="forgot-title">Reset your password</h1>
            <label htmlFor="forgot-email">Email</label>
            <input id="forgot-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
            <div className="button-area">
              {/* the format warning stays visible while the request still goes out (§5) */}
              {error && (
                <p className="form-error" role="alert">
                  {error}
                </p>
              )}
              {loading ? (
                <p className="form-status" role="status">
                  <span className="spinner" aria-hidden="true" /> Loading...
                </p>
              ) : (
                <button type="submit" className="button primary wide">
                  Send reset link
                </button>
              )}
            </div>
            <button type="button" className="link-button" onClick={() => (flash(null), setMode('login'))}>
              Back to login
            </button>
          </form>
        )}
        {mode === 'sent' && (
          <div aria-live="polite">
            <h1>Check your email</h1>
            <p className="form-success">An email was sent to you. Verify your email.</p>
            <button type="button" className="button secondary wide" onClick={() => setMode('login')}>
              Back to login
            </button>
          </div>
        )}
      </div>
    </main>
  );
}
