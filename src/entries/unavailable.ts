// What a public page (/iframe/360, /viewer/) shows when its content is not available (a wrong,
// revoked or rotated share key, issue 26): one small page in the product's look, the same whether
// the server answers the page with 404 or the page finds out later. Plain strings, no DOM: the server
// builds its 404 page from them too.
export const UNAVAILABLE_TITLE = 'This content is not available';
export const UNAVAILABLE_TEXT = 'The link may have changed or been withdrawn. Ask whoever shared it for a new one.';

/** Where the server puts the markup in the built not-available.html. */
export const UNAVAILABLE_SLOT = '<!--unavailable-->';

const ICON =
  '<svg class="unavailable-icon" width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">' +
  '<circle cx="12" cy="12" r="10"/><path d="m4.9 4.9 14.2 14.2"/></svg>';

export const unavailableMarkup = () =>
  `<main class="unavailable" data-testid="unavailable"><div class="unavailable-box">${ICON}<h1>${UNAVAILABLE_TITLE}</h1><p>${UNAVAILABLE_TEXT}</p></div></main>`;
