// The router's one blocker (issue 43): a navigation that leaves a form with unsaved changes waits for
// "Discard your changes?"; Keep editing stays, Discard drops the forms' drafts and goes on. A form's
// own Cancel asks in the same dialog (unsaved-guard.ts). Its words load only when asked.
import { lazy, Suspense, useCallback, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { answerDiscard, leftBehind, useAskingDiscard } from './unsaved-guard.ts';

const DiscardDialog = lazy(() => import('./DiscardDialog.tsx'));

export function UnsavedBlocker() {
  const left = useRef<ReturnType<typeof leftBehind>>([]);
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    left.current = leftBehind(currentLocation, nextLocation);
    return left.current.length > 0;
  }, []);
  const blocker = useBlocker(shouldBlock);
  const asking = useAskingDiscard();
  if (blocker.state !== 'blocked' && !asking) return null;
  const answer = (discard: boolean) => {
    if (asking) return answerDiscard(discard);
    if (!discard) return blocker.reset?.();
    void Promise.allSettled(left.current.map((e) => e.discard())).then(() => blocker.proceed?.());
  };
  return (
    <Suspense fallback={null}>
      <DiscardDialog onAnswer={answer} />
    </Suspense>
  );
}
