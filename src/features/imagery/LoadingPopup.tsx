// §4's loading popup: the percent of the section's loads done (3, or 4 for vignette), closing 1 s
// after the last. Shown when the section opens with nothing on this device yet; later visits open
// at once from the local copy and refresh quietly.
import { useEffect, useState } from 'react';
import type { ImageryLoad } from '../../data/index.ts';
import { percentOf, ProgressPopup } from '../../ui/ProgressPopup.tsx';

export const LOADING_CLOSE_MS = 1000;

export function LoadingPopup({ load }: { load: ImageryLoad }) {
  const { finished, firstTime } = load;
  // The popup stays until a timer 1 s after the last load says it may close.
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (!finished || !firstTime) return;
    const t = setTimeout(() => setClosed(true), LOADING_CLOSE_MS);
    return () => clearTimeout(t);
  }, [finished, firstTime]);
  return <ProgressPopup open={firstTime && !closed} percent={percentOf(load.done, load.total)} />;
}
