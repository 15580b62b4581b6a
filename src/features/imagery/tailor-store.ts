// §4: a tailor request is sent once per page per day; the date it was sent is kept on this device per
// product and page ('Silo Image', '360 Image', 'Vignette', 'Video'), so a request on one product never
// hides the button of another (issue 27). The server's record (GET /gets/product/tailor/requested) also
// counts, for requests made elsewhere. Not user data: localStorage is enough.
import type { TailorPage } from '../../api/imagery.ts';
import { alreadyRequested, localDay } from './preset-rules.ts';

export const tailorKey = (productId: number, page: TailorPage) => `facet.tailor.${productId}.${page}`;

export function requestedToday(productId: number, page: TailorPage, now = new Date()): boolean {
  try {
    return alreadyRequested(localStorage.getItem(tailorKey(productId, page)), now);
  } catch {
    return false;
  }
}

export function rememberRequest(productId: number, page: TailorPage, now = new Date()): void {
  try {
    localStorage.setItem(tailorKey(productId, page), localDay(now));
  } catch {
    /* private mode: the server still refuses a second request today */
  }
}
