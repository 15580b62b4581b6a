// The step-by-step registration: one or two fields per step, Next forward, a back arrow, Register last,
// a progress bar over the steps. Next checks the step with the contract's rules first (register.ts), each
// message under its field; a refusal of the server goes back to the step of its first refused field.
// The step is in the address and the values in a draft on this device (not the passwords), so a
// reload or the browser's Back keeps them (issue 43); leaving the wizard with values asks first.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { ApiFailure, toFailure } from '../../api/client.ts';
import { useKeptForm } from '../../app/kept-form.tsx';
import { useUserAction } from '../../app/user-action.ts';
import { formDraftKey } from '../../data/catalog/index.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { AuthFrame } from './AuthFrame.tsx';
import styles from './auth.module.css';
import { REGISTER_MESSAGES } from './rules.ts';
import {
  keptWizard,
  passwordTyped,
  reachableStep,
  refusedSteps,
  STEPS,
  stepErrors,
  wizardTouched,
  type Files,
  type KeptWizard,
  type Outcome,
  type StepKey,
  type Values,
} from './register.ts';
import { WizardField } from './WizardField.tsx';
import { useWizardStep } from './wizard-step.ts';

export interface WizardProps {
  first: number;
  heading: string;
  /** Names the wizard's draft on this device. */
  draftName: string;
  /** Sends the registration, each call under the given key of the user action. */
  submit: (values: Values, files: Files, key: StepKey) => Promise<Outcome>;
}

export function Wizard({ first, heading, draftName, submit }: WizardProps) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({});
  const [files, setFiles] = useState<Files>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const where = useWizardStep(first);
  const step = reachableStep(where.asked ?? first, first, values);
  const setStep = (next: number) => where.go(next, next > step);
  const kept = useMemo(() => keptWizard(step, values, files), [step, values, files]);
  const keeping = useKeptForm<KeptWizard>(formDraftKey(0, 0, draftName), kept, {
    dirty: wizardTouched(values, files),
    unkept: passwordTyped(values),
    restore: (k) => {
      setValues(k.values);
      setFiles(k.files);
      if (where.asked === undefined) where.go(k.step, false);
    },
    // Emptied, the wizard shows its first step whatever the address says (reachableStep).
    reset: () => {
      setValues({});
      setFiles({});
      setErrors({});
    },
  });
  const [alert, setAlert] = useState<{ progress?: string; message?: string; ok?: boolean } | null>(null);
  // Bumped when a check or a refusal puts errors on the step: its first refused field takes the focus.
  const [shown, setShown] = useState(0);
  // Register pressed twice (or Enter twice) is one registration; after a lost answer the next try
  // sends the same keys, so a company that was made is not made again.
  const action = useUserAction();
  const last = STEPS.length - 1;
  const current = STEPS[step]!;
  const total = STEPS.length - first;
  const number = step + 1 - first;

  useEffect(() => {
    if (shown) form.current?.querySelector<HTMLElement>('[aria-invalid="true"], button[aria-describedby$="-error"]')?.focus();
  }, [shown]);

  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };
  const showErrors = (found: Record<string, string>) => {
    setErrors((e) => ({ ...e, ...found }));
    setShown((n) => n + 1);
  };

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const broken = stepErrors(step, values);
    if (Object.keys(broken).length) return showErrors(broken);
    if (step < last) return setStep(step + 1);
    void action.run(
      async (a) => {
        setAlert({ progress: 'Registering...' });
        const outcome = await submit(values, files, a.key);
        if (!outcome.ok) throw new ApiFailure(outcome.message, outcome.status, outcome.errors);
        keeping.saved();
        setAlert({ message: REGISTER_MESSAGES.success, ok: true });
      },
      {
        input: [values, files],
        onError: (err) => {
          const f = toFailure(err);
          const back = refusedSteps(f.errors, first);
          if (!back) return setAlert({ message: f.message });
          setAlert(null);
          setStep(back.step);
          showErrors(back.errors);
        },
      },
    );
  }

  return (
    <AuthFrame pictures wide>
      {/* Shown once the draft is read: a reload opens on its step, not on the first for a moment. */}
      {keeping.draft.loaded && (
        <form
          ref={form}
          onSubmit={onSubmit}
          noValidate
          aria-label={`${heading}: step ${number} of ${total}`}
          className={styles.form}
        >
          <div className={styles.stepHead}>
            {step > first && (
              <IconButton label="Back" icon={<ArrowLeft />} variant="secondary" onClick={() => where.back(step)} />
            )}
            <h1 className={styles.stepTitle}>{heading}</h1>
            <span className={styles.stepCount}>
              {number} / {total}
            </span>
          </div>
          <ProgressBar label={`Step ${number} of ${total}`} value={(number / total) * 100} />
          {keeping.notice}
          <h2>{current.title}</h2>
          {current.intro && <p className={styles.subtitle}>{current.intro}</p>}
          {current.fields.map((f) => (
            <WizardField
              key={f.name}
              field={f}
              value={values[f.name] ?? ''}
              file={files[f.name]}
              error={errors[f.name]}
              onValue={(v) => set(f.name, v)}
              onFile={(file) => {
                setFiles((all) => ({ ...all, [f.name]: file }));
                setErrors(({ [f.name]: _, ...rest }) => rest);
              }}
            />
          ))}
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
      )}
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
