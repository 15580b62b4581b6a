// The catalogue's load popup (document 2 §2.2, §4): 'Please wait. completed N%' over 3 tasks,
// closing 1 s after the last. It blocks only a first load; when the company's data is already
// on this device the grid shows at once and the progress is reported quietly instead.
import { useEffect, useState } from 'react';
import { loadPercent, PROGRESS_CLOSE_MS } from './catalog-rules.ts';

type Mode = 'unknown' | 'blocking' | 'quiet';

/** hasLocal: undefined until the first local read has answered. */
export function useLoadProgress(done: readonly boolean[], hasLocal: boolean | undefined) {
  const percent = loadPercent(done);
  const complete = percent === 100;
  const [mode, setMode] = useState<Mode>('unknown');
  const [closed, setClosed] = useState(false);
  if (mode === 'unknown' && hasLocal !== undefined) setMode(hasLocal || complete ? 'quiet' : 'blocking');
  useEffect(() => {
    if (!complete || mode !== 'blocking') return;
    const t = setTimeout(() => setClosed(true), PROGRESS_CLOSE_MS);
    return () => clearTimeout(t);
  }, [complete, mode]);
  return { popupOpen: mode === 'blocking' && !closed, percent, loading: !complete };
}
