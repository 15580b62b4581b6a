// The reset-password form and its rules (document 1 §5, §8, §9) as a piece the invitation page shares:
// a new password and its confirmation ('Password do not match!'), or, for someone who already has an
// account, their current password alone. Errors show for 5 s: the first message of the first field
// where the server gives one, else its message.
import { useState } from 'react';
import { toFailure } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { FieldError } from '../../ui/Field.tsx';
import { Stack } from '../../ui/Layout.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { RESET_ERROR_MS, resetMismatch } from './rules.ts';
import { useFlash } from './useFlash.ts';

export interface PasswordFormProps {
  /** true: confirm the password of an existing account (one field); false: choose a new one. */
  existing?: boolean;
  submitLabel: string;
  onSubmit: (password: string) => Promise<void>;
  labelledBy?: string;
}

export function PasswordForm({ existing, submitLabel, onSubmit, labelledBy }: PasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, flash] = useFlash(RESET_ERROR_MS);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const mismatch = existing ? null : resetMismatch(password, confirmation);
    if (mismatch) return flash(mismatch);
    flash(null);
    setLoading(true);
    try {
      await onSubmit(password);
    } catch (err) {
      flash(toFailure(err).firstFieldMessage);
      setLoading(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={labelledBy}>
      <Stack gap={4}>
        {existing ? (
          <TextField label="Your password" type="password" autoComplete="current-password" size="lg" value={password} onChange={(e) => setPassword(e.target.value)} />
        ) : (
          <>
            <TextField label="New password" type="password" autoComplete="new-password" size="lg" hint="At least 8 characters." value={password} onChange={(e) => setPassword(e.target.value)} />
            <TextField label="Confirm password" type="password" autoComplete="new-password" size="lg" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
          </>
        )}
        <div role="alert">{error && !loading && <FieldError>{error}</FieldError>}</div>
        <Button type="submit" variant="primary" size="lg" block loading={loading}>
          {loading ? 'Loading...' : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
