// Whether this device can start AR, as model-viewer judges it (canActivateAR), and AR on a version's
// signed link: one hidden <model-viewer> for the page, made when a View in AR button first shows (the
// review page has loaded the library for its model by then). Hidden, it never loads a model: Scene
// Viewer (Android) and Quick Look (iOS) fetch the signed files themselves, so the phone never sees a
// /storage path. WebXR is left out: it would draw the hidden element's scene.
import { loadModelViewer, type ModelElement } from '../../viewer/model.ts';

type Probe = ModelElement & { src: string | null; iosSrc: string | null };

let made: Promise<void> | undefined;
let current: Probe | undefined;
let users = 0;
/** Which making counts: one that finishes after its page let the probe go adds nothing. */
let generation = 0;

/** The probe for as long as a button shows: the returned function lets it go (the last one removes it). */
export function holdArProbe(): () => void {
  users++;
  if (!made) {
    const mine = ++generation;
    made = loadModelViewer().then(
      () => {
        if (mine !== generation) return;
        const mv = document.createElement('model-viewer') as Probe;
        mv.setAttribute('ar', '');
        mv.setAttribute('ar-modes', 'scene-viewer quick-look');
        // model-viewer chooses an AR mode once it has a model's address; the signed one replaces it before AR.
        mv.setAttribute('src', 'about:blank');
        mv.setAttribute('aria-hidden', 'true');
        mv.style.display = 'none'; // not `hidden`: model-viewer's own :host style would show it
        document.body.append(mv);
        current = mv;
      },
      () => undefined,
    );
  }
  return () => {
    if (--users > 0) return;
    generation++;
    current?.remove();
    [made, current] = [undefined, undefined];
  };
}

/** Can AR start here (undefined: not known yet, so the QR code is offered)? */
export const canStartAr = () => current?.canActivateAR === true;

/** AR on the signed link's files; call it from the click that asked for it (browsers want a user gesture). */
export function startAr(files: { glb: string; usdz: string | null }): Promise<void> {
  const mv = current!;
  mv.src = files.glb;
  mv.iosSrc = files.usdz;
  return mv.activateAR();
}
