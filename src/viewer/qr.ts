// The desktop-to-phone hand-off of /viewer/: a QR code (uqr, SVG) of this page with ar=1, which
// opens on a phone with a large AR button. Its button and the card's place: qr-hand-off.ts.
import { renderSVG } from 'uqr';

/** This page's address with ar=1 (the phone's cue to offer AR at once). */
export function arUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.set('ar', '1');
  url.hash = '';
  return url.toString();
}

/** uqr's SVG of `target` as an image named `label` (also the review page's AR hand-off, issue 42). */
export function qrSvg(target: string, label: string): string {
  const named = label.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return renderSVG(target, { border: 2, whiteColor: '#ffffff', blackColor: '#111827' }).replace(
    '<svg ',
    `<svg role="img" aria-label="${named}" `,
  );
}

const CLOSE_ICON =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

export function qrCard(href: string): HTMLElement {
  const target = arUrl(href);
  const card = document.createElement('aside');
  card.className = 'viewer-qr';
  card.id = 'viewer-qr';
  card.setAttribute('aria-labelledby', 'viewer-qr-title');
  const svg = qrSvg(target, 'QR code of this page for your phone');
  card.innerHTML = `<h2 id="viewer-qr-title">See it in your room</h2><button type="button" class="viewer-qr-close" aria-label="Close">${CLOSE_ICON}</button><div class="viewer-qr-code">${svg}</div><p>Scan with your phone's camera to place this product in augmented reality.</p>`;
  card.dataset.url = target;
  return card;
}
