// §4: a tailor request is sent once per page per day; the date it was sent is kept on this device per
// page ('Silo Image', '360 Image', 'Vignette', 'Video'). Not user data: localStorage is enough.
import type { TailorPage } from '../../api/imagery.ts';
import { alreadyRequested, localDay } from './preset-rules.ts';

const key = (page: TailorPage) => `facet.tailor.${page}`;

export function requestedToday(page: TailorPage, now = new Date()): boolean {
  try {
    return alreadyRequested(localStorage.getItem(key(page)), now);
  } catch {
    return false;
  }
}

export function rememberRequest(page: TailorPage, now = new Date()): void {
  try {
    localStorage.setItem(key(page), localDay(now));
  } catch {
    /* private mode: the server still refuses a second request today */
  }
}
