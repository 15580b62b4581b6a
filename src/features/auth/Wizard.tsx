// The step-by-step form: one or two fields per step, Next forward, a back arrow, Register last.
// Next only advances (§5: no required-field check on the client).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { REGISTER_MESSAGES } from './rules.ts';
import { STEPS, type Files, type Outcome, type Values } from './register.ts';

export interface WizardProps {
  first: number;
  heading: string;
  submit: (values: Values, files: Files) => Promise<Outcome>;
}

export function Wizard({ first, heading, submit }: WizardProps) {
  const navigate = useNavigate();
  const [step, setStep] = useState(first);
  const [values, setValues] = useState<Values>({});
  const [files, setFiles] = useState<Files>({});
  const [alert, setAlert] = useState<{ progress?: string; message?: string; ok?: boolean } | null>(null);
  const last = STEPS.length - 1;
  const current = STEPS[step]!;

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (step < last) return setStep(step + 1);
    setAlert({ progress: 'Registering...' });
    const outcome = await submit(values, files);
    setAlert(outcome.ok ? { message: REGISTER_MESSAGES.success, ok: true } : { message: outcome.message });
  }

  return (
    <main className="login-page">
      <div className="login-card wizard">
        <p className="brand">Facet</p>
        <h1>{heading}</h1>
        <form onSubmit={onSubmit} noValidate aria-label={`${heading}: step ${step + 1 - first} of ${STEPS.length - first}`}>
          <div className="wizard-head">
            {step > first ? (
              <button type="button" className="icon-button" aria-label="Back" onClick={() => setStep(step - 1)}>
                ←
              </button>
            ) : (
              <span />
            )}
            <h2>{current.title}</h2>
            <span className="wizard-count">
              {step + 1 - first} / {STEPS.length - first}
            </span>
          </div>
          {current.intro && <p>{current.intro}</p>}
          {current.fields.map((f) => {
            const id = `reg-${f.name}`;
            const common = { id, name: f.name, autoComplete: f.autoComplete };
            return (
              <div key={f.name} className="field">
                <label htmlFor={id}>{f.label}</label>
                {f.type === 'file' ? (
                  <input {...common} type="file" accept="image/*" onChange={(e) => setFiles({ ...files, [f.name]: e.target.files?.[0] })} />
                ) : f.type === 'textarea' ? (
                  <textarea {...common} value={values[f.name] ?? ''} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
                ) : (
                  <input {...common} type={f.type ?? 'text'} value={values[f.name] ?? ''} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
                )}
              </div>
            );
          })}
          <button type="submit" className="button primary wide">
            {step === last ? 'Register' : 'Next'}
          </button>
        </form>
      </div>
      <AlertPopup
        open={alert !== null}
        title="Registration"
        progress={alert?.progress}
        message={alert?.message}
        onConfirm={() => (alert?.ok ? navigate('/login') : setAlert(null))}
      />
    </main>
  );
}
