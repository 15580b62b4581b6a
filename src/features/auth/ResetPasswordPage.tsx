// /reset-password?token=…&email=… (document 1 §2, §5, §8): errors stay 5 s.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { resetPassword } from '../../api/auth.ts';
import { toFailure } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { Callout } from '../../ui/Callout.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthFrame, AuthHeading } from './AuthFrame.tsx';
import styles from './auth.module.css';
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
    <AuthFrame pictures>
      {done ? (
        <div aria-live="polite" className={styles.form}>
          <AuthHeading title="Password changed" />
          <Callout tone="success">Your new password has been registered.</Callout>
          <Button variant="primary" size="lg" block onClick={() => navigate('/')}>
            Back to Login
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate aria-labelledby="reset-title" className={styles.form}>
          <AuthHeading id="reset-title" title="Set a new password" subtitle={query.get('email') ? `For ${query.get('email')}` : undefined} />
          <TextField label="New password" type="password" autoComplete="new-password" size="lg" value={password} onChange={(e) => setPassword(e.target.value)} />
          <TextField label="Confirm password" type="password" autoComplete="new-password" size="lg" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
          <div className={styles.actions}>
            {error && !loading && (
              <Callout tone="danger" role="alert">
                {error}
              </Callout>
            )}
            <Button type="submit" variant="primary" size="lg" block loading={loading}>
              {loading ? 'Loading...' : 'Save password'}
            </Button>
          </div>
        </form>
      )}
    </AuthFrame>
  );
}
