// The wizard's step lives in the address (?step=, counted from 1 for this wizard), so a reload stays on
// it and the browser's Back goes to the previous step. Next adds a history entry; the back arrow goes
// back through history when the entry before is the previous step, else replaces the address.
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

interface StepState {
  /** The entry before this one is the previous step (pushed by Next). */
  stepBack?: boolean;
}

export function useWizardStep(first: number) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const raw = Number(params.get('step'));
  /** The step the address asks for (an index of STEPS), if any. */
  const asked = Number.isInteger(raw) && raw >= 1 ? first + raw - 1 : undefined;
  const go = (step: number, push: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('step', String(step - first + 1));
        return next;
      },
      { replace: !push, state: push ? ({ stepBack: true } satisfies StepState) : undefined },
    );
  const back = (step: number) => ((location.state as StepState | null)?.stepBack ? void navigate(-1) : go(step - 1, false));
  return { asked, go, back };
}
