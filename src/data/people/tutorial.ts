// The registration tutorial (document 2 §2.6, §7): shown once per user. Asked of the server when the
// screen opens (offline: not shown, and asked again next time); watching it is recorded there. It opens
// by itself only if the user has not started on the form when the answer comes (`mayOpen`): a slow
// answer never puts a dialog over what they are typing; the screen's button still shows it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { markTutorialWatched, tutorialWatched } from '../../api/products.ts';
import { newActionId } from '../../api/action-id.ts';

export interface Tutorial {
  url: string;
  watched: boolean;
  /** Not watched, and the answer came before the user started on the form: it opens by itself. */
  opensByItself: boolean;
}

export function useTutorial(slug: string, mayOpen: () => boolean): { tutorial: Tutorial | null; asked: boolean; markWatched: () => void } {
  const [tutorial, setTutorial] = useState<Tutorial | null>(null);
  const [asked, setAsked] = useState(false);
  const mayOpenNow = useRef(mayOpen);
  useEffect(() => {
    mayOpenNow.current = mayOpen;
  }, [mayOpen]);
  // Recording the watch is one action per visit of the screen, however often the dialog closes.
  const [key] = useState(() => `${newActionId()}.0`);
  useEffect(() => {
    let live = true;
    tutorialWatched(slug).then(
      (r) => {
        if (!live) return;
        setTutorial({ url: r.data.tutorial.url, watched: r.data.watched, opensByItself: !r.data.watched && mayOpenNow.current() });
        setAsked(true);
      },
      (err: unknown) => {
        console.info('[facet] tutorial not available:', (err as Error).message);
        if (live) setAsked(true);
      },
    );
    return () => {
      live = false;
    };
  }, [slug]);
  const markWatched = useCallback(() => {
    setTutorial((t) => (t ? { ...t, watched: true, opensByItself: false } : t));
    markTutorialWatched(slug, key).catch((err: unknown) => console.info('[facet] tutorial watched not recorded:', (err as Error).message));
  }, [slug, key]);
  return { tutorial, asked, markWatched };
}
