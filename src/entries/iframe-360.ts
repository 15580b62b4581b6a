// /iframe/360 (document 3 §2, issues 14 and 27): the public embed of a product's spin, or with
// uploadimage=1 an upload group's photos in the carousel. Its own tiny entry: no React, no router, no
// app shell; one fetch of the public call, then the player. Inter and the tokens from public.css.
// Without a valid share key the call answers 404 and the page shows nothing of the product.
import { framesOf, supportsWebp, type ApiFrame } from '../spin/frames.ts';
import { createSpinPlayer } from '../spin/player.ts';
import './public.css';

interface Spin360 {
  name: string;
  status: 'ready' | 'rendering';
  frames: ApiFrame[];
}

const API = (import.meta.env.VITE_API_URL as string | undefined) ?? '/backend';
const RETRY_MS = 10_000;
const page = new URLSearchParams(location.search);
const host = document.getElementById('spin')!;

/** Only the call's own parameters are passed on. */
const query = new URLSearchParams();
for (const k of ['id_product', 'id_customization', 'frames', 'uploadimage', 'key']) {
  const v = page.get(k);
  if (v !== null) query.set(k, v);
}

function note(text: string) {
  const p = document.createElement('p');
  p.className = 'note';
  p.textContent = text;
  host.replaceChildren(p);
}

/** While the frames are drawn: a quiet turning ring and the words, part of the page's look (issue 43). */
function preparing() {
  if (host.querySelector('.spin-wait')) return;
  const box = document.createElement('div');
  box.className = 'spin-wait';
  box.setAttribute('role', 'status');
  box.innerHTML =
    '<svg class="spin-wait-ring" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true"><circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" stroke-opacity=".15" stroke-width="3"/><path d="M24 4a20 20 0 0 1 20 20" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round"/></svg>';
  const p = document.createElement('p');
  p.textContent = 'This 360 view is being prepared. It will appear here shortly.';
  box.append(p);
  host.replaceChildren(box);
}

async function load(): Promise<void> {
  const [res, webp] = await Promise.all([fetch(`${API}/public/360?${query}`).catch(() => undefined), supportsWebp()]);
  // Gone (a wrong or rotated key, also on a later ask): the same page the server gives; else, in words.
  if (res?.status === 404) return void import('./show-unavailable.ts').then((m) => m.showUnavailable());
  if (!res?.ok)
    return note(
      res
        ? 'This 360 view could not be loaded. Please try again later.'
        : 'This 360 view could not be loaded. Check the connection.',
    );
  const spin = (await res.json()) as Spin360;
  const frames = framesOf(spin.frames ?? [], webp);
  if (!frames.length) {
    // A new set is rendering and there is no earlier one yet: ask again shortly.
    preparing();
    setTimeout(() => void load(), RETRY_MS);
    return;
  }
  host.replaceChildren();
  const autoplay = page.get('autoplay') === '1';
  if (page.get('uploadimage') === '1') {
    // An upload group's photos: the uploaded-photos carousel (document 3 §2's drag steps).
    document.title = `${spin.name} · photos`;
    createSpinPlayer(host, {
      frames,
      label: `Photos of ${spin.name}`,
      drag: 'steps',
      unit: 'Photo',
      hint: 'Drag to browse',
      counter: true,
      autoplay,
    });
    return;
  }
  document.title = `${spin.name} · 360 view`;
  createSpinPlayer(host, { frames, label: `360 view of ${spin.name}`, autoplay });
}

void load();
