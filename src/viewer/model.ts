// The 3D model on screen, shared by the product screen's 3D viewer section and the public /viewer/
// page (document 3 §2): @google/model-viewer, imported only when a model is about to show. With the
// lazy-load toggle on, the poster and a play button stand in and nothing heavy loads until a click.
import { takeBackdrop } from './backdrop.ts';
import neutralEnvironment from './neutral-environment.hdr?url';
import './model.css';

export interface ModelOptions {
  glb: string;
  usdz?: string | null;
  poster?: string | null;
  /** The model's accessible description, e.g. '3D model of Oak chair'. */
  alt: string;
  /** Show the poster with a play button; load and reveal the model on click. */
  lazy?: boolean;
  /** Offer AR (webxr, Scene Viewer, Quick Look); `arButton` replaces the small default button. */
  ar?: boolean;
  arButton?: HTMLElement;
  /**
   * The wiggling hand that invites a first drag: shown to shoppers, left out where people already know
   * to turn the model (the review page), and always under prefers-reduced-motion (it turns the model).
   */
  prompt?: boolean;
  /**
   * Without `lazy`: show the poster first and load the model at the shopper's first interaction (pointer,
   * key, wheel, touch, scroll, focus), so no long task comes before it (/viewer/); the file is prefetched.
   */
  defer?: boolean;
}

/** The element once model-viewer has defined it (the properties we read). */
export type ModelElement = HTMLElement & { canActivateAR: boolean; activateAR(): Promise<void> };

/**
 * Where model-viewer finds its decoders: on this origin (scripts/vite-decoders.ts), never the CDN it
 * defaults to, which the Content-Security-Policy blocks. Read when the element class is defined.
 */
const DECODER_LOCATIONS = { dracoDecoderLocation: '/decoders/draco/', ktx2TranscoderLocation: '/decoders/basis/' };

/** The one place the library is imported; a chunk of its own, never in the main or /login chunks. */
export const loadModelViewer = () => {
  const scope = self as unknown as { ModelViewerElement?: Record<string, string> };
  scope.ModelViewerElement = { ...scope.ModelViewerElement, ...DECODER_LOCATIONS };
  return import('@google/model-viewer');
};

const CUBE_ICON =
  '<svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" aria-hidden="true"><path d="M12 2 3 7v10l9 5 9-5V7z"/><path d="M3 7l9 5 9-5M12 12v10"/></svg>';
const PLAY_ICON =
  '<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true"><path d="M8 5v14l11-7z" fill="currentColor"/></svg>';

async function showModel(host: HTMLElement, o: ModelOptions): Promise<ModelElement> {
  await loadModelViewer();
  const mv = document.createElement('model-viewer') as ModelElement;
  const attrs: Record<string, string | null | undefined> = {
    src: o.glb,
    'ios-src': o.usdz,
    poster: o.poster,
    alt: o.alt,
    'camera-controls': '',
    'touch-action': 'pan-y',
    'shadow-intensity': '1',
    // model-viewer's own neutral light, baked once (scripts/bake-environment.ts) rather than generated in
    // every page: about 4 s of CPU less before the first frame where WebGL is software, the same look.
    'environment-image': neutralEnvironment,
    ...((o.prompt === false || matchMedia('(prefers-reduced-motion: reduce)').matches) && { 'interaction-prompt': 'none' }),
    ...(o.ar && { ar: '', 'ar-modes': 'webxr scene-viewer quick-look' }),
  };
  for (const [k, v] of Object.entries(attrs)) if (v != null) mv.setAttribute(k, v);
  mv.className = 'model';
  if (o.arButton) {
    o.arButton.slot = 'ar-button';
    mv.append(o.arButton);
  }
  host.replaceChildren(mv);
  return mv;
}

const WANT = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll', 'focusin'] as const;

/**
 * Resolves at the shopper's first interaction with the page (a facade, as Lighthouse advises for heavy
 * embeds): the 3D library and its WebGL set-up are the page's only long tasks, and a visit that never
 * moves sees the poster alone. Meanwhile the model file is prefetched, so the first move shows it sooner.
 */
function whenWanted(prefetch: string): Promise<void> {
  // rel=prefetch is fetched at the browser's idle priority: it never competes with the poster.
  const link = document.createElement('link');
  Object.assign(link, { rel: 'prefetch', href: prefetch });
  document.head.append(link);
  return new Promise((resolve) => {
    const go = () => {
      for (const t of WANT) removeEventListener(t, go, true);
      resolve();
    };
    for (const t of WANT) addEventListener(t, go, { passive: true, capture: true });
  });
}

/**
 * Puts the model in `host`. Resolves with the element once it is on the page (after the play
 * button's click when lazy); `destroy` removes whatever is there.
 */
export function mountModel(host: HTMLElement, o: ModelOptions): { ready: Promise<ModelElement>; destroy(): void } {
  let done = false;
  // The poster's own ground under the cover and the model, so nothing changes colour when one replaces the other.
  if (o.poster) {
    const probe = new Image();
    probe.src = o.poster;
    takeBackdrop(probe, host, '--model-backdrop');
  }
  const destroy = () => {
    done = true;
    host.replaceChildren();
  };
  const reveal = async () => {
    const mv = await showModel(host, o);
    if (done) mv.remove();
    return mv;
  };
  if (!o.lazy && !o.defer) return { ready: reveal(), destroy };
  const cover = document.createElement('div');
  cover.className = 'model-cover';
  if (o.poster) {
    const img = document.createElement('img');
    Object.assign(img, { src: o.poster, alt: o.lazy ? '' : o.alt, className: 'model-poster' });
    img.setAttribute('fetchpriority', 'high');
    cover.append(img);
  }
  if (!o.lazy) {
    // Until the first move: the poster says it is a 3D view (the model-viewer's own bar then shows its load).
    const badge = document.createElement('span');
    badge.className = 'model-badge';
    badge.setAttribute('aria-hidden', 'true');
    badge.innerHTML = `${CUBE_ICON}3D`;
    cover.append(badge);
    host.replaceChildren(cover);
    return { ready: whenWanted(o.glb).then(reveal), destroy };
  }
  const play = document.createElement('button');
  Object.assign(play, { type: 'button', className: 'model-play', innerHTML: PLAY_ICON });
  play.setAttribute('aria-label', `Load the ${o.alt}`);
  cover.append(play);
  host.replaceChildren(cover);
  const ready = new Promise<ModelElement>((resolve, reject) => {
    play.addEventListener(
      'click',
      () => {
        play.disabled = true;
        play.setAttribute('aria-busy', 'true');
        reveal().then((mv) => {
          mv.focus();
          resolve(mv);
        }, reject);
      },
      { once: true },
    );
  });
  return { ready, destroy };
}
