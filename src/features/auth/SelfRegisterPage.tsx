// Customer self-registration, 'Register' (document 3 §2, §5, §7, §8) at /register: company, user
// name, email, password twice and the terms; on success the session cookie (60 days) and the new
// company's first product. Messages stay 5 s; the server's shows on the button, then the form returns.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { registerCustomer } from '../../api/auth.ts';
import { NEW_PASSWORD_HINT } from '../../api/contract/rules/auth.ts';
import { failureText } from '../../api/failure-text.ts';
import { storeToken } from '../../api/token.ts';
import { useUserAction } from '../../app/user-action.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Callout } from '../../ui/Callout.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { FormGrid } from '../../ui/Layout.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AuthFrame, AuthHeading } from './AuthFrame.tsx';
import styles from './auth.module.css';
import {
  EMPTY_FORM,
  productPath,
  SELF_REGISTER_MESSAGE_MS,
  selfRegisterBody,
  selfRegisterError,
  type SelfRegisterForm,
} from './self-register.ts';
import { useFlash } from './useFlash.ts';
import { TermsLabel } from './TermsLabel.tsx';

export default function SelfRegisterPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<SelfRegisterForm>(EMPTY_FORM);
  const action = useUserAction();
  const [done, setDone] = useState(false);
  const busy = action.running || done; // signed up: the form stays busy until the product opens
  const [message, flash] = useFlash(SELF_REGISTER_MESSAGE_MS);
  const [serverMessage, flashServer] = useFlash(SELF_REGISTER_MESSAGE_MS);
  const set =
    <K extends keyof SelfRegisterForm>(k: K) =>
    (v: SelfRegisterForm[K]) =>
      setForm((f) => ({ ...f, [k]: v }));
  const text = (k: 'company' | 'username' | 'email' | 'password' | 'confirmPassword') => ({
    value: form[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(k)(e.target.value),
  });

  function signUp(e: React.FormEvent) {
    e.preventDefault();
    const invalid = selfRegisterError(form);
    flash(invalid);
    if (invalid) return;
    const body = selfRegisterBody(form);
    void action.run(
      async (a) => {
        const res = await registerCustomer(body, a.key());
        setDone(true);
        storeToken(res.token);
        import('../../data/index.ts').then((d) => d.requestPersistence()).catch((err) => console.error(err));
        navigate(productPath(res.product_id), { replace: true });
      },
      {
        input: body,
        onError: (err) => flashServer(failureText(err, 'Registering')),
      },
    );
  }

  return (
    <AuthFrame pictures wide>
      <form className={styles.form} onSubmit={signUp} noValidate aria-labelledby="register-title">
        <AuthHeading
          id="register-title"
          title="Register"
          subtitle="Create your company's account. You will start on its first product."
        />
        <FormGrid>
          <TextField label="Company" autoComplete="organization" {...text('company')} />
          <TextField label="Username" autoComplete="name" {...text('username')} />
          <div data-span="full">
            <TextField label="Email" type="email" autoComplete="email" {...text('email')} />
          </div>
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={NEW_PASSWORD_HINT}
            {...text('password')}
          />
          <TextField label="Confirm password" type="password" autoComplete="new-password" {...text('confirmPassword')} />
        </FormGrid>
        <Checkbox checked={form.termsUse} onCheckedChange={set('termsUse')} label={<TermsLabel />} />
        <div className={styles.actions}>
          {message && (
            <Callout tone="danger" role="alert">
              {message}
            </Callout>
          )}
          <Button
            type="submit"
            variant={serverMessage ? 'danger' : 'primary'}
            size="lg"
            block
            loading={busy}
            disabled={!!serverMessage}
            aria-live="polite"
          >
            {serverMessage ?? (busy ? 'Signing up...' : 'Sign Up')}
          </Button>
          <Link to="/login" className={buttonClass({ variant: 'ghost', size: 'md', block: true })}>
            <ArrowLeft aria-hidden="true" size={16} /> Back to login
          </Link>
        </div>
      </form>
    </AuthFrame>
  );
}
