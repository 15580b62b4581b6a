// /viewer/ (document 3 §2, issue 14): the public 3D viewer with the product's share key. Its own
// small entry (no React, no app shell). AR where the device has it (webxr, Scene Viewer, Quick
// Look); on a desktop that cannot start AR, a QR code hands the page to a phone with ar=1, where a
// large AR button waits. Without a valid key the call answers 404 and nothing of the product shows.
import { mountModel } from '../viewer/model.ts';
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
 * A desktop (fine pointer) that cannot start AR gets the QR card; phones never do. Scene Viewer and Quick
 * Look are phones' and tablets'; WebXR AR is asked directly. So the card needs no 3D library: it shows
 * with the poster, before the model loads.
 */
async function offerQr() {
  if (!matchMedia('(pointer: fine)').matches) return;
  const xr = (navigator as Navigator & { xr?: XrSystem }).xr;
  if (xr && (await xr.isSessionSupported('immersive-ar').catch(() => false))) return;
  const { qrCard } = await import('../viewer/qr.ts');
  main.append(qrCard(location.href));
}

async function load() {
  const query = new URLSearchParams({ id_product: page.get('id_product') ?? '', key: page.get('key') ?? '' });
  const res = await fetch(`${API}/public/viewer?${query}`).catch(() => undefined);
  // Gone (a wrong or rotated key): the same page the server gives; else, in words.
  if (res?.status === 404) return void import('./show-unavailable.ts').then((m) => m.showUnavailable());
  if (!res?.ok)
    return note(
      res
        ? 'This 3D view could not be loaded. Please try again later.'
        : 'This 3D view could not be loaded. Check the connection.',
    );
  const v = (await res.json()) as PublicViewer;
  if (!v.file_glb) return note('No viewer available');
  document.title = `${v.name} · 3D Viewer`;
  const heading = document.createElement('h1');
  heading.className = 'viewer-name';
  heading.textContent = v.name;
  const stage = document.createElement('div');
  stage.className = 'viewer-stage';
  main.replaceChildren(heading, stage);
  mountModel(stage, {
    glb: v.file_glb,
    usdz: v.file_usdz,
    poster: v.poster,
    alt: `3D model of ${v.name}`,
    lazy: page.get('lazy') === '1',
    defer: true,
    ar: true,
    arButton: arButton(),
  });
  await offerQr();
}

void load();
