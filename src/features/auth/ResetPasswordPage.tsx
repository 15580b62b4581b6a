// /reset-password?token=…&email=… (document 1 §2, §5, §8): errors stay 5 s.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { resetPassword } from '../../api/auth.ts';
import { toFailure } from '../../api/client.ts';
import { LoginBackground } from './Background.tsx';
import { RESET_ERROR_MS, resetMismatch } from './rules.ts';
import { useFlash } from './useFlash.ts';

export default function ResetPasswordPage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const [error, flash] = useFlash(RESET_ERROR_MS);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const mismatch = resetMismatch(password, confirmation);
    if (mismatch) return flash(mismatch);
    setLoading(true);
    try {
      await resetPassword({ password, token: query.get('token') ?? '', email: query.get('email') ?? '' });
      setDone(true);
    } catch (err) {
      flash(toFailure(err).firstFieldMessage); // the first message of the first field, else the message
    } finally {
      setLoading(false);
    }
  }

  return (
    <main className="login-page">
      <LoginBackground />
      <div className="login-card">
        <p className="brand">Facet</p>
        {done ? (
          <div aria-live="polite">
            <h1>Password changed</h1>
            <p className="form-success">Your new password has been registered.</p>
            <button type="button" className="button primary wide" onClick={() => navigate('/')}>
              Back to Login
            </button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate aria-labelledby="reset-title">
            <h1 id="reset-title">Set a new password</h1>
            <label htmlFor="reset-password">New password</label>
            <input id="reset-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            <label htmlFor="reset-confirmation">Confirm password</label>
            <input id="reset-confirmation" type="password" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
            <div className="button-area">
              {loading ? (
                <p className="form-status" role="status">
                  <span className="spinner" aria-hidden="true" /> Loading...
                </p>
              ) : (
                <>
                  {error && (
                    <p className="form-error" role="alert">
                      {error}
                    </p>
                  )}
                  <button type="submit" className="button primary wide">
                    Save password
                  </button>
                </>
              )}
            </div>
          </form>
        )}
      </div>
    </main>
  );
}
