// /viewer/'s desktop-to-phone hand-off (issue 43): the model is the page, so the QR card opens from a
// button on demand and closes (its close button, Escape); only a window wide enough to hold the card
// beside the model opens it at once. Imported only when a desktop cannot start AR itself.
import { qrCard } from './qr.ts';
import './qr.css';

/** Room for the card beside a model framed in a centred square as high as the window (card, margins). */
const SIDE_ROOM = 260;
const roomBeside = (width: number, height: number) => (width - height) / 2 >= SIDE_ROOM;

const PHONE_ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><rect x="6" y="2.5" width="12" height="19" rx="2.5" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M10.5 18.5h3" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/></svg>';

/**
 * The button and its card in `host`. Escape closes the card only (it is the innermost layer) and gives
 * the focus back to the button when it was in the card.
 */
export function qrHandOff(host: HTMLElement, href: string, open = roomBeside(innerWidth, innerHeight)): HTMLElement {
  const card = qrCard(href);
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'viewer-qr-toggle';
  toggle.setAttribute('aria-controls', card.id);
  toggle.innerHTML = `${PHONE_ICON}<span>See it in your room</span>`;
  const show = (on: boolean) => {
    card.hidden = !on;
    toggle.setAttribute('aria-expanded', String(on));
  };
  const close = () => {
    const inside = card.contains(document.activeElement);
    show(false);
    if (inside) toggle.focus();
  };
  toggle.addEventListener('click', () => show(card.hidden !== false)); // hidden may be "until-found" too
  card.querySelector('.viewer-qr-close')!.addEventListener('click', close);
  addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !card.hidden) close();
  });
  show(open);
  host.append(toggle, card);
  return card;
}
