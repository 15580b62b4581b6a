// The registration tutorial (document 2 §2.6, §7): shown once per user. Asked of the server when the
// screen opens (offline: not shown, and asked again next time); watching it is recorded there.
import { useCallback, useEffect, useState } from 'react';
import { markTutorialWatched, tutorialWatched } from '../api/products.ts';
import { newActionId } from '../api/action-id.ts';

export interface Tutorial {
  url: string;
  watched: boolean;
}

export function useTutorial(slug: string): { tutorial: Tutorial | null; markWatched: () => void } {
  const [tutorial, setTutorial] = useState<Tutorial | null>(null);
  // Recording the watch is one action per visit of the screen, however often the dialog closes.
  const [key] = useState(() => `${newActionId()}.0`);
  useEffect(() => {
    let live = true;
    tutorialWatched(slug).then(
      (r) => live && setTutorial({ url: r.data.tutorial.url, watched: r.data.watched }),
      (err: unknown) => console.info('[facet] tutorial not available:', (err as Error).message),
    );
    return () => {
      live = false;
    };
  }, [slug]);
  const markWatched = useCallback(() => {
    setTutorial((t) => (t ? { ...t, watched: true } : t));
    markTutorialWatched(slug, key).catch((err: unknown) => console.info('[facet] tutorial watched not recorded:', (err as Error).message));
  }, [slug, key]);
  return { tutorial, markWatched };
}
