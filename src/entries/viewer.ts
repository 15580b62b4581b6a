// /viewer/ (document 3 §2, issue 14): the public 3D viewer with the product's share key. Its own
// small entry (no React, no app shell). AR where the device has it (webxr, Scene Viewer, Quick
// Look); on a desktop that cannot start AR, a QR code hands the page to a phone with ar=1, where a
// large AR button waits. Without a valid key the call answers 404 and nothing of the product shows.
// The same page opens a review version through its signed link (issue 42: /viewer/review/<token>/),
// which carries the model in the page itself and loads it at once: no key, no API call.
import { mountModel } from '../viewer/model.ts';
import { SIGNED_VIEWER_ID, type SignedViewer } from './signed-viewer.ts';
import './public.css';
import '../viewer/viewer-page.css';

interface PublicViewer {
  name: string;
  file_glb: string | null;
  file_usdz: string | null;
  poster: string | null;
}

const API = (import.meta.env.VITE_API_URL as string | undefined) ?? '/backend';
const page = new URLSearchParams(location.search);
const main = document.getElementById('viewer')!;

function note(text: string) {
  const p = document.createElement('p');
  p.className = 'viewer-note';
  p.textContent = text;
  main.replaceChildren(p);
}

function arButton(): HTMLElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = page.get('ar') === '1' ? 'viewer-ar viewer-ar-large' : 'viewer-ar';
  b.textContent = 'View in your space';
  return b;
}

type XrSystem = { isSessionSupported(mode: string): Promise<boolean> };

/**
 * A desktop (fine pointer) that cannot start AR gets the QR hand-off (a button, and its card where there is
 * room beside the model); phones never do. Scene Viewer and Quick Look are phones' and tablets'; WebXR AR
 * is asked directly. So the card needs no 3D library: it shows with the poster, before the model loads.
 */
async function offerQr() {
  if (!matchMedia('(pointer: fine)').matches) return;
  const xr = (navigator as Navigator & { xr?: XrSystem }).xr;
  if (xr && (await xr.isSessionSupported('immersive-ar').catch(() => false))) return;
  const { qrHandOff } = await import('../viewer/qr-hand-off.ts');
  qrHandOff(main, location.href);
}

const unavailable = () => void import('./show-unavailable.ts').then((m) => m.showUnavailable());

/** The product's model by its share key, or undefined once the page says why there is none. */
async function fromApi(): Promise<SignedViewer | undefined> {
  const query = new URLSearchParams({ id_product: page.get('id_product') ?? '', key: page.get('key') ?? '' });
  const res = await fetch(`${API}/public/viewer?${query}`).catch(() => undefined);
  // Gone (a wrong or rotated key): the same page the server gives; else, in words.
  if (res?.status === 404) return void unavailable();
  if (!res?.ok)
    return void note(
      res
        ? 'This 3D view could not be loaded. Please try again later.'
        : 'This 3D view could not be loaded. Check the connection.',
    );
  const v = (await res.json()) as PublicViewer;
  if (!v.file_glb) return void note('No viewer available');
  return { name: v.name, note: '', glb: v.file_glb, usdz: v.file_usdz, poster: v.poster };
}

async function load() {
  const given = document.getElementById(SIGNED_VIEWER_ID)?.textContent;
  const v = given ? (JSON.parse(given) as SignedViewer) : await fromApi();
  if (!v) return;
  document.title = `${v.name} · 3D Viewer`;
  const heading = document.createElement('h1');
  heading.className = 'viewer-name';
  heading.textContent = v.name;
  if (v.note) {
    const line = document.createElement('span');
    line.className = 'viewer-name-note';
    line.textContent = v.note;
    heading.append(line);
  }
  const stage = document.createElement('div');
  stage.className = 'viewer-stage';
  main.replaceChildren(heading, stage);
  const model = mountModel(stage, {
    glb: v.glb,
    usdz: v.usdz,
    poster: v.poster,
    alt: `3D model of ${v.name}`,
    lazy: page.get('lazy') === '1',
    // A shopper's first move loads the model; whoever opens a review link came for it.
    defer: !given,
    ar: true,
    arButton: arButton(),
  });
  // A signed link that expired while the page was open: its files answer 404.
  const failed = (e: Event) => (e as CustomEvent<{ type?: string }>).detail?.type === 'loadfailure' && unavailable();
  if (given) void model.ready.then((mv) => mv.addEventListener('error', failed));
  await offerQr();
}

void load();
