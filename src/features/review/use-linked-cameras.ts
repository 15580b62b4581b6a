// Linked cameras for Compare versions (issue 42, stage 3): what the user does to one viewer's camera
// (turn, zoom, pan, by pointer or keys) is given to the other. Only changes whose camera-change says
// source 'user-interaction' are passed on. The copy is set by code, so the other viewer's own
// camera-change that follows says 'none' and goes no further: the two never echo each other.
import { useEffect } from 'react';
import { framedFov, orbitAttr } from './compare-rules.ts';
import type { ReviewModelElement } from './ModelViewer.tsx';
import { vecAttr } from './pin-rules.ts';

const USER = 'user-interaction';

/** `to` looks at its model as `from` does at its own: the same target, orbit and field of view, at once. */
function copyCamera(from: ReviewModelElement, to: ReviewModelElement) {
  const t = from.getCameraTarget();
  to.cameraTarget = vecAttr([t.x, t.y, t.z]);
  to.cameraOrbit = orbitAttr(from.getCameraOrbit());
  const aspect = to.clientWidth / to.clientHeight;
  to.fieldOfView = `${framedFov(from.getFieldOfView(), to.getIdealAspect(), aspect)}deg`;
  to.jumpCameraToGoal();
}

/** Links the two viewers' cameras while both are on the page; a viewer that loads takes the other's view. */
export function useLinkedCameras(a: ReviewModelElement | null, b: ReviewModelElement | null) {
  useEffect(() => {
    if (!a || !b) return;
    const follow = (from: ReviewModelElement, to: ReviewModelElement) => (e: Event) => {
      if ((e as CustomEvent<{ source?: string }>).detail?.source === USER) copyCamera(from, to);
    };
    // A version chosen anew loads into a fresh viewer: it starts where the other one is, so both
    // models show at the same scale (a 6 % taller version looks taller) from the first frame.
    const join = (el: ReviewModelElement, other: ReviewModelElement) => () => other.loaded && copyCamera(other, el);
    const listeners: [ReviewModelElement, string, (e: Event) => void][] = [
      [a, 'camera-change', follow(a, b)],
      [b, 'camera-change', follow(b, a)],
      [a, 'load', join(a, b)],
      [b, 'load', join(b, a)],
    ];
    for (const [el, type, on] of listeners) el.addEventListener(type, on);
    if (a.loaded && b.loaded) copyCamera(a, b);
    return () => {
      for (const [el, type, on] of listeners) el.removeEventListener(type, on);
    };
  }, [a, b]);
}
