// The desktop-to-phone hand-off of /viewer/: a QR code (uqr, SVG) of this page with ar=1, which
// opens on a phone with a large AR button. Imported only when a desktop cannot start AR itself.
import { renderSVG } from 'uqr';

/** This page's address with ar=1 (the phone's cue to offer AR at once). */
export function arUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.set('ar', '1');
  url.hash = '';
  return url.toString();
}

export function qrCard(href: string): HTMLElement {
  const target = arUrl(href);
  const card = document.createElement('aside');
  card.className = 'viewer-qr';
  card.setAttribute('aria-labelledby', 'viewer-qr-title');
  const svg = renderSVG(target, { border: 2, whiteColor: '#ffffff', blackColor: '#111827' }).replace(
    '<svg ',
    '<svg role="img" aria-label="QR code of this page for your phone" ',
  );
  card.innerHTML = `<h2 id="viewer-qr-title">See it in your room</h2><div class="viewer-qr-code">${svg}</div><p>Scan with your phone's camera to place this product in augmented reality.</p>`;
  card.dataset.url = target;
  return card;
}
