// The step-by-step registration: one or two fields per step, Next forward, a back arrow, Register last,
// a progress bar over the steps. Next only advances (§5: no required-field check on the client).
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { ApiFailure } from '../../api/client.ts';
import { useUserAction } from '../../app/user-action.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { acceptOf } from '../../api/contract/rules/files.ts';
import { uploadCheck } from '../../api/upload-check.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { AuthFrame } from './AuthFrame.tsx';
import styles from './auth.module.css';
import { REGISTER_MESSAGES } from './rules.ts';
import { STEPS, type Files, type Outcome, type StepKey, type Values, type WizardField } from './register.ts';

// The logo and the picture are the registration calls' 'image' files (the contract's upload rules).
const IMAGE_ACCEPT = acceptOf('image');
const checkImage = uploadCheck('image');

export interface WizardProps {
  first: number;
  heading: string;
  /** Sends the registration, each call under the given key of the user action. */
  submit: (values: Values, files: Files, key: StepKey) => Promise<Outcome>;
}

export function Wizard({ first, heading, submit }: WizardProps) {
  const navigate = useNavigate();
  const [step, setStep] = useState(first);
  const [values, setValues] = useState<Values>({});
  const [files, setFiles] = useState<Files>({});
  const [alert, setAlert] = useState<{ progress?: string; message?: string; ok?: boolean } | null>(null);
  // Register pressed twice (or Enter twice) is one registration; after a lost answer the next try
  // sends the same keys, so a company that was made is not made again.
  const action = useUserAction();
  const last = STEPS.length - 1;
  const current = STEPS[step]!;
  const total = STEPS.length - first;
  const number = step + 1 - first;

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (step < last) return setStep(step + 1);
    void action.run(async (a) => {
      setAlert({ progress: 'Registering...' });
      const outcome = await submit(values, files, a.key);
      if (!outcome.ok) throw new ApiFailure(outcome.message, outcome.status);
      setAlert({ message: REGISTER_MESSAGES.success, ok: true });
    }, {
      input: [values, files],
      onError: (err) => setAlert({ message: (err as Error).message }),
    });
  }

  const field = (f: WizardField) => {
    const id = `reg-${f.name}`;
    const text = { id, name: f.name, autoComplete: f.autoComplete, value: values[f.name] ?? '', onChange: (e: { target: { value: string } }) => setValues({ ...values, [f.name]: e.target.value }) };
    if (f.type === 'file') {
      const file = files[f.name];
      return (
        <FileDrop
          key={f.name}
          label={f.label}
          accept={IMAGE_ACCEPT}
          acceptLabel="An image: PNG or JPG"
          check={checkImage}
          files={file ? [file] : []}
          onPick={(ok) => ok[0] && setFiles({ ...files, [f.name]: ok[0] })}
          onRemove={() => setFiles({ ...files, [f.name]: undefined })}
        />
      );
    }
    if (f.type === 'textarea') return <TextArea key={f.name} label={f.label} rows={4} {...text} />;
    return <TextField key={f.name} label={f.label} type={f.type ?? 'text'} size="lg" {...text} />;
  };

  return (
    <AuthFrame pictures wide>
      <form onSubmit={onSubmit} noValidate aria-label={`${heading}: step ${number} of ${total}`} className={styles.form}>
        <div className={styles.stepHead}>
          {step > first && <IconButton label="Back" icon={<ArrowLeft />} variant="secondary" onClick={() => setStep(step - 1)} />}
          <h1 className={styles.stepTitle}>{heading}</h1>
          <span className={styles.stepCount}>
            {number} / {total}
          </span>
        </div>
        <ProgressBar label={`Step ${number} of ${total}`} value={(number / total) * 100} />
        <h2>{current.title}</h2>
        {current.intro && <p className={styles.subtitle}>{current.intro}</p>}
        {current.fields.map(field)}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" size="lg" block loading={action.running}>
            {step === last ? 'Register' : 'Next'}
          </Button>
          <p className={styles.divider}>Already have an account?</p>
          <Link to="/login" className={styles.center}>
            Sign in
          </Link>
        </div>
      </form>
      <AlertPopup
        open={alert !== null}
        title="Registration"
        progress={alert?.progress}
        message={alert?.message}
        onConfirm={() => (alert?.ok ? navigate('/login') : setAlert(null))}
      />
    </AuthFrame>
  );
}
