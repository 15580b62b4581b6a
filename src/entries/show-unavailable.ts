// A public page that finds out later that its content is gone (the share key was rotated while it was
// open): the same page the server answers with 404. Loaded only then, with its styles.
import { unavailableMarkup } from './unavailable.ts';
import './unavailable.css';

export function showUnavailable(): void {
  document.title = 'Not available';
  document.body.className = '';
  document.body.innerHTML = unavailableMarkup();
}
