// The reset-password form and its rules (document 1 §5, §8, §9), shared by /reset-password and the
// invitation page: a new password and its confirmation ('Password do not match!', then the contract's
// rule for a new password, hinted under the field), or, for someone who already has an account, their
// current password alone. Errors show for 5 s: the first message of the first field where the server
// gives one, else its message.
import { useState, type ReactNode } from 'react';
import { failureText } from '../../api/failure-text.ts';
import { useUserAction } from '../../app/user-action.ts';
import { Button } from '../../ui/Button.tsx';
import { Callout } from '../../ui/Callout.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './auth.module.css';
import { NEW_PASSWORD_HINT } from '../../api/contract/rules/auth.ts';
import { newPasswordError, RESET_ERROR_MS } from './rules.ts';
import { useFlash } from './useFlash.ts';

export interface PasswordFormProps {
  /** The form's heading (an AuthHeading with id `labelledBy`). */
  heading: ReactNode;
  labelledBy: string;
  /** true: confirm the password of an existing account (one field); false: choose a new one. */
  existing?: boolean;
  submitLabel: string;
  /** Sends under the user action's key; rejects with the server's refusal, which the form shows. */
  onSubmit: (password: string, key: string) => Promise<void>;
}

export function PasswordForm({ heading, labelledBy, existing, submitLabel, onSubmit }: PasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, flash] = useFlash(RESET_ERROR_MS);
  const action = useUserAction();
  const loading = action.running;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const refused = existing ? null : newPasswordError(password, confirmation);
    if (refused) return flash(refused);
    // Enter pressed twice, or a double click, sends the password once.
    void action.run((a) => onSubmit(password, a.key()), {
      input: password,
      onError: (err) => flash(failureText(err, 'Setting the password')), // a refusal: the first message of the first field, else the message
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={labelledBy} className={styles.form}>
      {heading}
      {existing ? (
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          size="lg"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      ) : (
        <>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            size="lg"
            hint={NEW_PASSWORD_HINT}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            size="lg"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
          />
        </>
      )}
      <div className={styles.actions}>
        {error && !loading && (
          <Callout tone="danger" role="alert">
            {error}
          </Callout>
        )}
        <Button type="submit" variant="primary" size="lg" block loading={loading}>
          {loading ? 'Loading...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
