// /reset-password?token=…&email=… (document 1 §2, §5, §8): errors stay 5 s (the form is shared with the
// invitation page, PasswordForm.tsx).
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { resetPassword } from '../../api/auth.ts';
import { authWords } from '../../api/contract/rules/auth.ts';
import { Button } from '../../ui/Button.tsx';
import { Callout } from '../../ui/Callout.tsx';
import { AuthFrame, AuthHeading } from './AuthFrame.tsx';
import styles from './auth.module.css';
import { PasswordForm } from './PasswordForm.tsx';

export default function ResetPasswordPage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const email = query.get('email');

  return (
    <AuthFrame pictures>
      {done ? (
        <div aria-live="polite" className={styles.form}>
          <AuthHeading title="Password changed" />
          <Callout tone="success">{authWords.passwordSet}</Callout>
          <Button variant="primary" size="lg" block onClick={() => navigate('/')}>
            Back to Login
          </Button>
        </div>
      ) : (
        <PasswordForm
          heading={<AuthHeading id="reset-title" title="Set a new password" subtitle={email ? `For ${email}` : undefined} />}
          labelledBy="reset-title"
          submitLabel="Save password"
          onSubmit={async (password, key) => {
            await resetPassword({ password, token: query.get('token') ?? '', email: email ?? '' }, key);
            setDone(true);
          }}
        />
      )}
    </AuthFrame>
  );
}
